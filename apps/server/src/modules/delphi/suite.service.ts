/**
 * Suites: one per participant, created on the first init and returned on every later one
 * (a reload, a second tab, the study frame and the direct link all get the same suite).
 */
import { delphi } from '@chi/contract';
import { newId } from '../../security/secrets';
import type { FileStorage } from '../../storage/file-storage';
import type { Db } from './delphi-db';
import { deleteRecordingsOf } from './recordings/recordings.service';

/** The study every `/?participantId=` link and every study-frame init belongs to (migration 0038, ADR 071). */
export const DEFAULT_STUDY_ID = 'default';

export interface InitSuiteInput {
  readonly participantId: string;
  readonly kind: 'local' | 'study';
  readonly parentOrigin: string | null;
  /** Already decided by the caller: only when the reset is allowed. */
  readonly reset: boolean;
}

export async function initSuite(db: Db, storage: FileStorage, input: InitSuiteInput, now: Date): Promise<delphi.Suite> {
  if (input.reset) {
    // The recordings' audio lives in the file storage, not the database: it goes first (ADR 018).
    const suites = await db.selectFrom('delphi_suites').select('id').where('study_id', '=', DEFAULT_STUDY_ID).where('participant_id', '=', input.participantId).execute();
    await deleteRecordingsOf(db, storage, suites.map((suite) => suite.id));
    // Games, rounds, prompts and responses go with it (ON DELETE CASCADE).
    await db.deleteFrom('delphi_suites').where('study_id', '=', DEFAULT_STUDY_ID).where('participant_id', '=', input.participantId).execute();
  }
  let row = await findSuite(db, input.participantId);
  if (!row) {
    // Two tabs may init at once: the participant id, unique in its study, lets exactly one insert win.
    await db
      .insertInto('delphi_suites')
      .values({
        id: newId(),
        participant_id: input.participantId,
        study_id: DEFAULT_STUDY_ID,
        kind: input.kind,
        parent_origin: input.parentOrigin,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await findSuite(db, input.participantId);
    if (!row) throw new Error('suite vanished right after it was created');
  }
  return suiteView(db, row.id, row.participant_id);
}

/**
 * Marks the suite completed once every required game has ended (completed or interrupted: a
 * game is never replayed, so an interrupted one is as done as it will be). Optional games
 * (Word Links) never hold it back, whether played, skipped or left out. The first mark stays.
 */
export async function markSuiteCompleted(db: Db, suiteId: string, now: Date): Promise<void> {
  const required = await requiredGames(db, suiteId);
  if (required.length === 0) return;
  const ended = await db
    .selectFrom('delphi_games')
    .select('game_name')
    .where('suite_id', '=', suiteId)
    .where('ended_at', 'is not', null)
    .where('game_name', 'in', required)
    .execute();
  if (ended.length < required.length) return;
  await db.updateTable('delphi_suites').set({ completed_at: now.toISOString() }).where('id', '=', suiteId).where('completed_at', 'is', null).execute();
}

/**
 * The games a suite must end to be complete: its study's games for this participant (their
 * order, or the study version's games), less those the version's settings make optional
 * (ADR 071). A suite of the default study gets today's six less Word Links, as before.
 */
async function requiredGames(db: Db, suiteId: string): Promise<delphi.GameName[]> {
  const suite = await db
    .selectFrom('delphi_suites as s')
    .leftJoin('delphi_study_versions as v', (join) => join.onRef('v.study_id', '=', 's.study_id').onRef('v.version', '=', 's.study_version'))
    .select(['s.game_order', 'v.games'])
    .where('s.id', '=', suiteId)
    .executeTakeFirst();
  const versionGames = suite?.games ? (JSON.parse(suite.games) as delphi.StudyGame[]) : undefined;
  const games: readonly string[] = suite?.game_order ? (JSON.parse(suite.game_order) as string[]) : (versionGames?.map((entry) => entry.game) ?? delphi.GAME_NAMES);
  const optional = versionGames
    ? new Set(versionGames.filter((entry) => entry.settings.optional === true).map((entry) => entry.game))
    : new Set<string>(delphi.SUITE_OPTIONAL_GAMES);
  return delphi.gamesToComplete(games.filter(delphi.isGameName), (name) => optional.has(name));
}

/** An optional game the participant chose to skip is started with `attributes.skipped` (ADR 017). */
export function wasSkipped(attributes: string): boolean {
  try {
    return (JSON.parse(attributes) as { skipped?: unknown }).skipped === true;
  } catch {
    return false;
  }
}

function findSuite(db: Db, participantId: string) {
  return db
    .selectFrom('delphi_suites')
    .select(['id', 'participant_id'])
    .where('study_id', '=', DEFAULT_STUDY_ID)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
}

export async function suiteView(db: Db, suiteId: string, participantId: string): Promise<delphi.Suite> {
  const suite = await db.selectFrom('delphi_suites').select(['completed_at', 'game_order']).where('id', '=', suiteId).executeTakeFirst();
  const games = await db.selectFrom('delphi_games').select(['id', 'game_name', 'ended_at', 'status', 'attributes']).where('suite_id', '=', suiteId).execute();
  const byName = new Map(games.map((g) => [g.game_name, g]));
  // A study suite lists its own games in the order its participant got (ADR 071); the default study's, today's six.
  const order: readonly delphi.GameName[] = suite?.game_order ? (JSON.parse(suite.game_order) as unknown[]).filter(delphi.isGameName) : delphi.GAME_NAMES;
  const states: delphi.GameState[] = order.map((gameName) => {
    const game = byName.get(gameName);
    if (!game) return { gameName, state: 'toPlay', ended: false, status: null };
    const played: delphi.GameState = { gameName, state: 'played', gameId: game.id, ended: game.ended_at !== null, status: game.status };
    return wasSkipped(game.attributes) ? { ...played, skipped: true } : played;
  });
  return {
    _id: suiteId,
    _participantId: participantId,
    _resumableGames: states.filter((g) => g.state === 'toPlay').map((g) => g.gameName).filter(delphi.isGameName),
    games: states,
    ...(suite?.completed_at ? { _completedAt: suite.completed_at } : {}),
  };
}

/**
 * Exclusions (ADR 025): a researcher excludes a participant or one game of theirs with a reason,
 * and may undo it; both are rows of `delphi_exclusion_log`, never changed afterwards. The state
 * of a (suite, game) is its latest row.
 */
import { delphi } from '@chi/contract';
import type { Selectable } from 'kysely';
import type { DelphiExclusionLogTable } from '../delphi-tables';
import { AppError } from '../../../http/app-error';
import { newId } from '../../../security/secrets';
import type { Db } from '../delphi-db';
import { inScope } from '../studies/data-scope';
import type { DataScope } from '../studies/data-scope';

type LogRow = Selectable<DelphiExclusionLogTable>;

/** `*` stands for the whole participant. */
const WHOLE = '*';

/** Which suites (and games of theirs) are excluded now: suite id → excluded game names and/or `*`. */
export class ExclusionState {
  private readonly bySuite = new Map<string, Set<string>>();

  static fold(rows: readonly Pick<LogRow, 'suite_id' | 'game_name' | 'action'>[]): ExclusionState {
    const state = new ExclusionState();
    // Rows arrive in log order: the latest action on a (suite, game) wins.
    for (const row of rows) {
      const games = state.bySuite.get(row.suite_id) ?? new Set<string>();
      const key = row.game_name ?? WHOLE;
      if (row.action === 'exclude') games.add(key);
      else games.delete(key);
      state.bySuite.set(row.suite_id, games);
    }
    return state;
  }

  /** The state as plain data (to hand to another thread: the export worker); `restore` makes it again. */
  entries(): [suiteId: string, keys: string[]][] {
    return [...this.bySuite].map(([suiteId, keys]) => [suiteId, [...keys]]);
  }

  static restore(entries: readonly (readonly [string, readonly string[]])[]): ExclusionState {
    const state = new ExclusionState();
    for (const [suiteId, keys] of entries) state.bySuite.set(suiteId, new Set(keys));
    return state;
  }

  /** Whether anything of this suite (the participant or a game) is excluded now. */
  touches(suiteId: string): boolean {
    return (this.bySuite.get(suiteId)?.size ?? 0) > 0;
  }

  participantExcluded(suiteId: string): boolean {
    return this.bySuite.get(suiteId)?.has(WHOLE) ?? false;
  }

  gameExcluded(suiteId: string, gameName: string): boolean {
    return this.bySuite.get(suiteId)?.has(gameName) ?? false;
  }

  /** A response row is excluded when its participant or its game is. */
  excludes(suiteId: string, gameName: string): boolean {
    return this.participantExcluded(suiteId) || this.gameExcluded(suiteId, gameName);
  }
}

/** The current state of the given suites (all of them when `suiteIds` is undefined). */
export async function exclusionState(db: Db, suiteIds?: readonly string[]): Promise<ExclusionState> {
  if (suiteIds !== undefined && suiteIds.length === 0) return ExclusionState.fold([]);
  let query = db.selectFrom('delphi_exclusion_log').select(['suite_id', 'game_name', 'action']).orderBy('seq');
  if (suiteIds !== undefined) query = query.where('suite_id', 'in', suiteIds);
  return ExclusionState.fold(await query.execute());
}

function toEntry(row: LogRow): delphi.ExclusionEntry {
  return {
    _id: row.id,
    suiteId: row.suite_id,
    participantId: row.participant_id,
    gameName: row.game_name as delphi.GameName | null,
    action: row.action,
    reason: row.reason,
    by: row.by_name,
    at: row.at,
  };
}

export interface ExclusionRequest {
  readonly suite: string;
  readonly gameName?: delphi.GameName | undefined;
  readonly reason: string;
}

/** Appends an exclusion or an undo; refuses one that would not change the state (409). */
export async function recordExclusion(
  db: Db,
  action: 'exclude' | 'undo',
  input: ExclusionRequest,
  by: { accountId: string | null; name: string },
  now: Date,
): Promise<delphi.ExclusionEntry> {
  return db.transaction().execute(async (trx) => {
    const suite = await trx.selectFrom('delphi_suites').select(['id', 'participant_id']).where('id', '=', input.suite).executeTakeFirst();
    if (!suite) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
    const state = await exclusionState(trx, [suite.id]);
    const excluded = input.gameName === undefined ? state.participantExcluded(suite.id) : state.gameExcluded(suite.id, input.gameName);
    if (action === 'exclude' && excluded) throw new AppError(delphi.DELPHI_ERRORS.alreadyExcluded);
    if (action === 'undo' && !excluded) throw new AppError(delphi.DELPHI_ERRORS.notExcluded);
    const row = await trx
      .insertInto('delphi_exclusion_log')
      .values({
        id: newId(),
        suite_id: suite.id,
        participant_id: suite.participant_id,
        game_name: input.gameName ?? null,
        action,
        reason: input.reason,
        by_account_id: by.accountId,
        by_name: by.name,
        at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEntry(row);
  });
}

/** The log, newest first: one suite's, or the scope's (ADR 074), or all of it. */
export async function listExclusionLog(db: Db, suiteId?: string, scope?: DataScope): Promise<delphi.ExclusionEntry[]> {
  let query = db.selectFrom('delphi_exclusion_log').selectAll().orderBy('seq', 'desc');
  if (scope !== undefined) query = query.where(inScope(scope));
  if (suiteId !== undefined) query = query.where('suite_id', '=', suiteId);
  return (await query.execute()).map(toEntry);
}

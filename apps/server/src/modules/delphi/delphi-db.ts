/**
 * Lookups every participant call makes before writing: the suite named by the credential
 * pair, then the game, round and prompt inside that suite. Each answers a 400 (or 409) the
 * web client can show, and none reveals whether another participant's record exists.
 */
import type { InsertResult, Kysely } from 'kysely';
import { delphi } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import { reusableQuery } from '../../db/reusable-query';
import { AppError } from '../../http/app-error';

export type Db = Kysely<DatabaseSchema>;

export interface SuiteRef {
  readonly id: string;
  readonly participantId: string;
}

export interface GameRef {
  readonly id: string;
  readonly suiteId: string;
  readonly gameName: string;
  readonly endedAt: number | null;
  /** When the server received the game's end (epoch ms): late records are judged by it (ADR 043). */
  readonly endReceivedAt: number | null;
}

/** The suite only if the participant id is its owner: the pair is the participant's credential. */
export async function requireSuite(db: Db, participant: string, suite: string): Promise<SuiteRef> {
  const row = await db
    .selectFrom('delphi_suites')
    .select(['id', 'participant_id'])
    .where('id', '=', suite)
    .where('participant_id', '=', participant)
    .executeTakeFirst();
  if (!row) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
  return { id: row.id, participantId: row.participant_id };
}

export async function requireGame(db: Db, suiteId: string, gameId: string): Promise<GameRef> {
  const row = await db
    .selectFrom('delphi_games')
    .select(['id', 'suite_id', 'game_name', 'ended_at', 'end_received_at'])
    .where('id', '=', gameId)
    .where('suite_id', '=', suiteId)
    .executeTakeFirst();
  if (!row) throw new AppError(delphi.DELPHI_ERRORS.unknownGameId);
  return { id: row.id, suiteId: row.suite_id, gameName: row.game_name, ...endOf(row) };
}

export async function requireRound(db: Db, gameId: string, round: string): Promise<{ id: string }> {
  const row = await db.selectFrom('delphi_rounds').select('id').where('game_id', '=', gameId).where('round', '=', round).executeTakeFirst();
  if (!row) throw new AppError(delphi.DELPHI_ERRORS.unknownRound);
  return row;
}

function endOf(row: { ended_at: number | null; end_received_at: string | null }): Pick<GameRef, 'endedAt' | 'endReceivedAt'> {
  return {
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    endReceivedAt: row.end_received_at === null ? null : Date.parse(row.end_received_at),
  };
}

/** Whether an INSERT … ON CONFLICT DO NOTHING stored its row (SQLite answers a bigint, pg a number). */
export function inserted(result: InsertResult | undefined): boolean {
  return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function toJson(value: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(value);
}

export interface RecordContext {
  readonly suite: SuiteRef;
  readonly game: GameRef;
  readonly roundId: string | null;
  readonly prompt: { id: string; prompt: string; promptedAt: number } | null;
}

interface ContextKeys {
  readonly participant: string;
  readonly suite: string;
  readonly game: string;
  readonly round: string;
  readonly prompt: string;
}

// Compiled once per database (ADR 006): this runs for every prompt and response a game logs.
const recordContextQuery = reusableQuery((db: Db, v: ContextKeys) =>
  db
    .selectFrom('delphi_games as g')
    .innerJoin('delphi_suites as s', (join) => join.onRef('s.id', '=', 'g.suite_id').on('s.participant_id', '=', v.participant))
    .leftJoin('delphi_rounds as ro', (join) => join.onRef('ro.game_id', '=', 'g.id').on('ro.round', '=', v.round))
    .leftJoin('delphi_prompts as p', (join) => join.onRef('p.suite_id', '=', 'g.suite_id').on('p.client_id', '=', v.prompt))
    .select(['g.id', 'g.suite_id', 'g.game_name', 'g.ended_at', 'g.end_received_at', 's.key_hash', 'ro.id as round_id', 'p.id as prompt_id', 'p.game_id as prompt_game_id', 'p.prompt', 'p.prompted_at'])
    .where('g.id', '=', v.game)
    .where('g.suite_id', '=', v.suite),
);

export interface ContextInput {
  readonly participant: string;
  readonly suite: string;
  readonly game: string;
  readonly round?: string | undefined;
  readonly prompt?: string | undefined;
}

type ContextRow = Awaited<ReturnType<typeof recordContextQuery>>['rows'][number];

function runContextQuery(db: Db, input: ContextInput): Promise<ContextRow | undefined> {
  return recordContextQuery(db, {
    participant: input.participant,
    suite: input.suite,
    game: input.game,
    round: input.round ?? '',
    prompt: input.prompt ?? '',
  }).then(({ rows }) => rows[0]);
}

/** The context of a found game; a prompt of another game counts as not found. */
function toContext(row: ContextRow, input: ContextInput): RecordContext {
  const promptId = input.prompt === undefined || row.prompt_game_id !== row.id ? null : row.prompt_id;
  return {
    suite: { id: row.suite_id, participantId: input.participant },
    game: { id: row.id, suiteId: row.suite_id, gameName: row.game_name, ...endOf(row) },
    roundId: input.round === undefined ? null : row.round_id,
    prompt: promptId === null ? null : { id: promptId, prompt: row.prompt ?? '', promptedAt: Number(row.prompted_at) },
  };
}

/**
 * Everything a prompt or response write checks, in ONE query (the logging hot path: a
 * query per check made logging CPU-bound on statement preparation). Only when it finds
 * nothing do the separate lookups run, to say which part was wrong.
 *
 * A round or prompt not stored (yet) is no error: a page leaving a study iframe sends its
 * records in parallel, so they may arrive after the records naming them. The record is
 * stored with the name and linked when they arrive (late linking, ADR 005; roundId or
 * prompt is then null here). A prompt logged in ANOTHER game is certainly wrong: 400.
 */
/**
 * The participant's own checks (suite key 423, logging limit 429; suite-key.ts), run by the
 * record call itself with the suite's key hash its context query read, so the suite is not
 * looked up twice (ADR 070, amendment h22). `undefined`: the context query found nothing, so
 * the whole check runs on its own (400 for an unknown suite first, as before).
 */
export type Admission = (keyHash: string | null | undefined) => Promise<void>;

export async function requireRecordContext(db: Db, input: ContextInput, admit?: Admission): Promise<RecordContext> {
  const row = await runContextQuery(db, input);
  if (!row) {
    await admit?.(undefined);
    await requireSuite(db, input.participant, input.suite);
    throw new AppError(delphi.DELPHI_ERRORS.unknownGameId);
  }
  // Before any of the record's own 400s, as when the guard ran first.
  await admit?.(row.key_hash);
  if (input.prompt !== undefined && row.prompt_id !== null && row.prompt_game_id !== row.id) throw new AppError(delphi.DELPHI_ERRORS.unknownPrompt);
  return toContext(row, input);
}

/** The same lookup without the errors: null when the game is gone (a suite reset meanwhile). */
export async function findRecordContext(db: Db, input: ContextInput): Promise<RecordContext | null> {
  const row = await runContextQuery(db, input);
  return row ? toContext(row, input) : null;
}

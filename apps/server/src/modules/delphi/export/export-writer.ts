/**
 * Streams every response of a study's scope (ADR 074) into a file without holding them in memory: responses are read in
 * keyset-paginated batches (by `seq`, never OFFSET, so each batch costs the same), as arrays
 * rather than an object per row (`Database.readArrays`), filled into one reused row,
 * formatted, and written through a stream pipeline that waits for the file to drain
 * (back-pressure). Peak memory is one batch.
 */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { delphi } from '@chi/contract';
import type { Database } from '../../../db/database';
import type { Db } from '../delphi-db';
import { CSV_HEADER, csvLine, emptyExportRow, jsonObject, toExportRow } from './export-format';
import type { RawExportRow, SuiteColumns } from './export-format';
import { inScope, runOf, suiteCondition } from '../studies/data-scope';
import type { DataScope } from '../studies/data-scope';
import { attentionColumnsSql, attentionEventsSql, hiddenMsSql, readsAttentionEvent } from '../events/attention-sql';
import { exclusionState } from '../quality/exclusions';
import { FAST, csvLineSelection, fastCsvLine, suiteCells } from './csv-line-sql';
import type { ExclusionState } from '../quality/exclusions';

export const EXPORT_BATCH_SIZE = 2_000;
/** Characters per piece handed to the file stream (well under V8's large-object threshold). */
const CHUNK_CHARS = 32 * 1024;

export interface ExportProgress {
  readonly rows: number;
  readonly total: number;
}

/** Runs a compiled SELECT and answers its rows as arrays (the database's `readArrays`). */
export type ArrayReader = Database['readArrays'];

export interface WriteExportOptions {
  readonly readArrays: ArrayReader;
  /** Where the file goes (a FileStorage write stream); finished when this resolves. */
  readonly output: Writable;
  readonly format: 'csv' | 'json';
  /** Whose suites (ADR 074): one study's, its live runs unless test runs were asked for. */
  readonly scope: DataScope;
  readonly batchSize?: number;
  /** Ask for the next batch before formatting this one (an asynchronous driver: PostgreSQL). */
  readonly readAhead?: boolean;
  readonly signal?: AbortSignal;
  /** Called after each batch is handed to the file; awaited, so it may write to the database. */
  readonly onProgress?: (progress: ExportProgress) => Promise<void>;
  /** Where the text comes from: a worker thread's (export-worker-host.ts); exportChunks in this thread when absent. */
  readonly chunkSource?: ChunkSource;
}

/** exportChunks in this thread, over `db` and `readArrays`. */
export function chunksInProcess(db: Db, readArrays: ArrayReader): ChunkSource {
  return (options) => exportChunks(db, { ...options, readArrays });
}

/** Responses stored after the export began are left for the next export: progress stays ≤ 100 %. `total`: the scope's. */
export async function snapshot(db: Db, scope: DataScope): Promise<{ maxSeq: number; total: number }> {
  const row = await db
    .selectFrom('delphi_responses')
    .where(inScope(scope))
    .select((eb) => [eb.fn.max('seq').as('max_seq'), eb.fn.countAll().as('total')])
    .executeTakeFirstOrThrow();
  return { maxSeq: Number(row.max_seq ?? 0), total: Number(row.total) };
}

/** The scope's games that have responses up to `maxSeq`, in the suite's order. */
export async function gamesWithResponses(db: Db, maxSeq: number, scope: DataScope): Promise<string[]> {
  const rows = await db.selectFrom('delphi_responses').select('game_name').distinct().where('seq', '<=', maxSeq).where(inScope(scope)).execute();
  const names = new Set(rows.map((row) => row.game_name));
  const known = delphi.GAME_NAMES.filter((name) => names.has(name));
  return [...known, ...[...names].filter((name) => !known.includes(name as delphi.GameName)).sort()];
}

/** The columns readBatch selects, in its order: the arrays it answers are filled into a RawExportRow by these. */
const BATCH_COLUMNS = [
  'seq', 'participant_id', 'suite_id', 'game_name', 'game_id', 'round', 'round_id', 'prompt_client_id', 'prompt',
  'question', 'response', 'correct_answer', 'is_correct', 'prompted_at', 'responded_at', 'rt_ms', 'anticipation', 'frame_interval_ms', 'category',
  'question_index', 'received_at', 'modality', 'attributes', 'attention_events', 'hidden_ms',
] as const satisfies readonly (keyof RawExportRow)[];

function emptyRawRow(): RawExportRow {
  return { ...Object.fromEntries(BATCH_COLUMNS.map((column) => [column, null])), game_status: null } as unknown as RawExportRow;
}

/**
 * Puts one array row of readBatch into `into`, column by column (BATCH_COLUMNS' order), compiled
 * once as `into.seq = values[0]; into.participant_id = values[1]; …`: named stores instead of a
 * loop of keyed ones (the loop was 2.3 s of a 10⁶-row profile, ADR 070). The names come from
 * the constant list above, as JSON string literals.
 */
const fillRaw = new Function(
  'into',
  'values',
  BATCH_COLUMNS.map((column, i) => `into[${JSON.stringify(column)}] = values[${i}];`).join('\n'),
) as (into: RawExportRow, values: readonly unknown[]) => void;

/**
 * The study columns of each of the scope's suites (ADR 074), read once per export: a row takes
 * its suite's from this map, so the batches need no join for them.
 */
export async function suiteColumns(db: Db, scope: DataScope): Promise<Map<string, SuiteColumns>> {
  const rows = await db.selectFrom('delphi_suites').select(['id', 'study_version', 'preview', 'pilot']).where(suiteCondition(scope)).execute();
  return new Map(rows.map((row) => [row.id, { study: scope.slug, studyVersion: Number(row.study_version), run: runOf(row) }]));
}

/** More suites with events than this: every row probes the events (a bound list this long is no saving). */
const MAX_LISTED_EVENT_SUITES = 1_000;

/**
 * The scope's suites that have any event the attention columns read (one index probe per
 * suite), read once per export; null when there are too many to list (every row then probes).
 * Events that arrive later, during the export, are missed for a suite not listed, as they were
 * for a batch already read.
 */
export async function suitesWithEvents(db: Db, scope: DataScope): Promise<string[] | null> {
  const rows = await db
    .selectFrom('delphi_suites as s')
    .select('s.id')
    .where(suiteCondition(scope, 's'))
    .where(({ exists, selectFrom }) => exists(selectFrom('delphi_events as e').select('e.id').whereRef('e.suite_id', '=', 's.id').where(readsAttentionEvent('e'))))
    .limit(MAX_LISTED_EVENT_SUITES + 1)
    .execute();
  return rows.length > MAX_LISTED_EVENT_SUITES ? null : rows.map((row) => row.id);
}

/** Which rows a batch read takes: the next `limit` after `after` (keyset), or exactly these seqs. */
export type BatchKeys = { readonly after: number; readonly limit: number } | { readonly seqs: readonly number[] };

/**
 * `csv`: the fast CSV read (csv-line-sql.ts: seq, suite_id, game_id, the runs of cells the
 * database writes, the attention columns); otherwise every column (BATCH_COLUMNS' order).
 */
export function readBatch(
  db: Db,
  readArrays: ArrayReader,
  scope: DataScope,
  eventSuites: readonly string[] | null,
  keys: BatchKeys,
  maxSeq: number,
  gameName?: string,
  csv = false,
): Promise<unknown[][]> {
  // Responses carry copies of their suite's, game's, round's and prompt's exported fields; only
  // the game's status changes after its responses are stored: it is read per batch (gameStatuses).
  let query = db
    .selectFrom('delphi_responses as r')
    .select(
      csv
        ? ['r.seq', 'r.suite_id', 'r.game_id']
        : [
          'r.seq', 'r.participant_id', 'r.suite_id', 'r.game_name', 'r.game_id', 'r.round', 'r.round_id', 'r.prompt_client_id', 'r.prompt',
          'r.question', 'r.response', 'r.correct_answer', 'r.is_correct', 'r.prompted_at', 'r.responded_at', 'r.rt_ms', 'r.anticipation', 'r.frame_interval_ms', 'r.category',
          'r.question_index', 'r.received_at', 'r.modality', 'r.attributes',
        ],
    )
    .$if(csv, (q) => q.select(csvLineSelection() as never))
    // Attention events during each trial, joined by time (ADR 026): two probes of an index per
    // row, only for the suites that have events (all when not known).
    .select(attentionSelection(eventSuites))
    .where('r.seq', '<=', maxSeq);
  query = 'seqs' in keys ? query.where('r.seq', 'in', [...keys.seqs]) : query.where('r.seq', '>', keys.after);
  // Another study's suites, or runs not asked for: left out within the key range (no filter when none exist).
  if (!scope.everything) query = query.where(inScope(scope, 'r'));
  if (gameName !== undefined) query = query.where('r.game_name', '=', gameName);
  query = query.orderBy('r.seq');
  return readArrays(('limit' in keys ? query.limit(keys.limit) : query).compile());
}

function attentionSelection(eventSuites: readonly string[] | null) {
  const [events, hidden] = eventSuites === null ? [attentionEventsSql('r'), hiddenMsSql('r')] : attentionColumnsSql('r', eventSuites);
  return [events.as('attention_events'), hidden.as('hidden_ms')];
}

/** Where a batch's rows carry their game's id (BATCH_COLUMNS' order). */
const GAME_ID = BATCH_COLUMNS.indexOf('game_id');

/**
 * The status of each game of a batch, by id: one read of a few keys per batch instead of a join
 * per row (a batch of 2,000 rows holds a handful of games). A game row that is gone has none
 * (null in the export, as the left join gave).
 */
async function gameStatuses(db: Db, batch: readonly unknown[][], gameAt = GAME_ID): Promise<Map<string, string>> {
  const ids = [...new Set(batch.map((values) => String(values[gameAt])))];
  const statuses = new Map<string, string>();
  // Chunks of 500 keys: under either database's limit on bound parameters.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('delphi_games').select(['id', 'status']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const row of rows) statuses.set(row.id, row.status);
  }
  return statuses;
}

/**
 * The lines of a fast CSV batch (csv-line-sql.ts), null where a row must be formatted from all its
 * columns: a row the check refuses, or any row of a suite with exclusions (`excluded` needs its game).
 */
function fastLines(
  batch: readonly unknown[][],
  statuses: ReadonlyMap<string, string>,
  exclusions: ExclusionState,
  suites: ReadonlyMap<string, SuiteColumns>,
  suiteText: Map<string, string>,
): (string | null)[] {
  return batch.map((values) => {
    const suiteId = values[FAST.suite] as string;
    if (exclusions.touches(suiteId)) return null;
    let suite = suiteText.get(suiteId);
    if (suite === undefined) suiteText.set(suiteId, (suite = suiteCells(suites.get(suiteId))));
    return fastCsvLine(values, suite, statuses.get(values[FAST.game] as string) ?? null);
  });
}

export interface ExportChunksOptions {
  readonly readArrays: ArrayReader;
  readonly format: 'csv' | 'json';
  /** Only this game's responses (a Psych-DS task file); all when absent. */
  readonly gameName?: string;
  readonly maxSeq: number;
  /** Who was excluded when the export began (the `excluded` column). */
  readonly exclusions: ExclusionState;
  readonly scope: DataScope;
  /** The scope's suites' study columns (suiteColumns). */
  readonly suites: ReadonlyMap<string, SuiteColumns>;
  /** The scope's suites with attention events (suitesWithEvents); absent or null: every row probes. */
  readonly eventSuites?: readonly string[] | null;
  readonly batchSize?: number;
  /**
   * Ask for the next batch before formatting this one: for a driver that answers asynchronously
   * (PostgreSQL), the database reads it while this process formats. Not for SQLite, whose driver
   * reads synchronously: the read would only come earlier, and two batches be held (ADR 070).
   */
  readonly readAhead?: boolean;
  /** Called after each batch with the rows this call has written so far. */
  readonly onBatch?: (rows: number) => Promise<void>;
}

/** What writes an export asks for: exportChunks' text (in this thread) or a worker's. */
export type ChunkSource = (options: Omit<ExportChunksOptions, 'readArrays'>) => AsyncIterable<string | Uint8Array>;

/**
 * The CSV lines of these responses (seqs ascending), read with all their columns and formatted by
 * toExportRow + csvLine, by seq: the rows the fast CSV path (csv-line-sql.ts) leaves, and the
 * reference its test compares it with.
 */
export async function csvLinesInJs(db: Db, options: Omit<ExportChunksOptions, 'format'>, seqs: readonly number[]): Promise<Map<number, string>> {
  const raw = emptyRawRow();
  const row = emptyExportRow();
  const lines = new Map<number, string>();
  for (let i = 0; i < seqs.length; i += 500) {
    const keys = { seqs: seqs.slice(i, i + 500) };
    const batch = await readBatch(db, options.readArrays, options.scope, options.eventSuites ?? null, keys, options.maxSeq, options.gameName);
    const statuses = await gameStatuses(db, batch);
    for (const values of batch) {
      fillRaw(raw, values);
      raw.game_status = statuses.get(raw.game_id) ?? null;
      toExportRow(raw, options.exclusions.excludes(raw.suite_id, raw.game_name), row, options.suites.get(raw.suite_id));
      lines.set(Number(raw.seq), csvLine(row));
    }
  }
  return lines;
}

/** The text of an export (CSV or a JSON array) in pieces of about CHUNK_CHARS, read batch by batch. */
export async function* exportChunks(db: Db, options: ExportChunksOptions): AsyncGenerator<string> {
  const { format, onBatch } = options;
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  let rows = 0;
  yield format === 'json' ? '[' : CSV_HEADER;
  let after = 0;
  // One raw row and one export row, filled again for each response: no objects per row.
  const raw = emptyRawRow();
  const row = emptyExportRow();
  const csv = format === 'csv';
  const read = (from: number) =>
    readBatch(db, options.readArrays, options.scope, options.eventSuites ?? null, { after: from, limit: batchSize }, options.maxSeq, options.gameName, csv);
  const suiteText = new Map<string, string>();
  let next: Promise<unknown[][]> | undefined = read(after);
  while (next) {
    const batch = await next;
    next = undefined;
    if (batch.length === 0) break;
    after = Number(batch[batch.length - 1]?.[0]);
    // A full batch may have more after it: keyset from its last seq, asked for now when reading ahead.
    if (options.readAhead && batch.length === batchSize) {
      next = read(after);
      // Not awaited until the next turn: an abort between keeps its failure from going unhandled.
      next.catch(() => undefined);
    }
    const statuses = await gameStatuses(db, batch, csv ? FAST.game : GAME_ID);
    let out = '';
    if (csv) {
      const lines = fastLines(batch, statuses, options.exclusions, options.suites, suiteText);
      const slow = lines.flatMap((line, i) => (line === null ? [Number(batch[i]?.[FAST.seq])] : []));
      const formatted = slow.length > 0 ? await csvLinesInJs(db, options, slow) : undefined;
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i] ?? formatted?.get(Number(batch[i]?.[FAST.seq]));
        // Read a moment ago: a row gone since (its suite deleted) fails the export rather than leave a hole in it.
        if (line === undefined || line === null) throw new Error(`export: response ${String(batch[i]?.[FAST.seq])} could not be read again`);
        out += line;
        rows++;
        if (out.length >= CHUNK_CHARS) {
          yield out;
          out = '';
        }
      }
    } else {
      for (const values of batch) {
        fillRaw(raw, values);
        raw.game_status = statuses.get(raw.game_id) ?? null;
        toExportRow(raw, options.exclusions.excludes(raw.suite_id, raw.game_name), row, options.suites.get(raw.suite_id));
        out += (rows === 0 ? '\n' : ',\n') + jsonObject(row);
        rows++;
        // Small pieces: a string of a megabyte would go to V8's large-object space, which only
        // a full GC frees, and a million rows of those grow the heap by hundreds of megabytes.
        if (out.length >= CHUNK_CHARS) {
          yield out;
          out = '';
        }
      }
    }
    if (out !== '') yield out;
    await onBatch?.(rows);
    if (batch.length < batchSize) break;
    // better-sqlite3 answers synchronously: let waiting requests in between batches.
    if (!options.readAhead) {
      await yieldToEventLoop();
      next = read(after);
    }
  }
  if (format === 'json') yield rows === 0 ? ']\n' : '\n]\n';
}

/** Writes the whole export (CSV or JSON) to `output`; answers the number of responses written. */
export async function writeExport(db: Db, options: WriteExportOptions): Promise<{ rows: number }> {
  const { scope } = options;
  const { maxSeq, total } = await snapshot(db, scope);
  let rows = 0;
  const source = options.chunkSource ?? chunksInProcess(db, options.readArrays);
  const chunks = source({
    format: options.format,
    maxSeq,
    scope,
    suites: await suiteColumns(db, scope),
    eventSuites: await suitesWithEvents(db, scope),
    exclusions: await exclusionState(db),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.readAhead ? { readAhead: true } : {}),
    onBatch: async (written) => {
      rows = written;
      await options.onProgress?.({ rows, total });
    },
  });
  await pipeline(chunks, options.output, { signal: options.signal });
  return { rows };
}

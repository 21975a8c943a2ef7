/**
 * Streams every response into a file without holding them in memory: responses are read in
 * keyset-paginated batches (by `seq`, never OFFSET, so each batch costs the same),
 * formatted, and written through a stream
 * pipeline that waits for the file to drain (back-pressure). Peak memory is one batch.
 */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { delphi } from '@chi/contract';
import type { Db } from '../delphi-db';
import { CSV_HEADER, csvLine, jsonObject, toExportRow } from './export-format';
import type { RawExportRow } from './export-format';

export const EXPORT_BATCH_SIZE = 2_000;
/** Characters per piece handed to the file stream (well under V8's large-object threshold). */
const CHUNK_CHARS = 32 * 1024;

export interface ExportProgress {
  readonly rows: number;
  readonly total: number;
}

export interface WriteExportOptions {
  /** Where the file goes (a FileStorage write stream); finished when this resolves. */
  readonly output: Writable;
  readonly format: delphi.ExportFormat;
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  /** Called after each batch is handed to the file; awaited, so it may write to the database. */
  readonly onProgress?: (progress: ExportProgress) => Promise<void>;
}

/** Responses stored after the export began are left for the next export: progress stays ≤ 100 %. */
async function snapshot(db: Db): Promise<{ maxSeq: number; total: number }> {
  const row = await db
    .selectFrom('delphi_responses')
    .select((eb) => [eb.fn.max('seq').as('max_seq'), eb.fn.countAll().as('total')])
    .executeTakeFirstOrThrow();
  return { maxSeq: Number(row.max_seq ?? 0), total: Number(row.total) };
}

function readBatch(db: Db, after: number, maxSeq: number, limit: number): Promise<RawExportRow[]> {
  // Responses carry copies of their suite's, game's, round's and prompt's exported fields; only
  // the game's status changes after its responses are stored, so it is joined (on its key).
  return db
    .selectFrom('delphi_responses as r')
    .leftJoin('delphi_games as g', 'g.id', 'r.game_id')
    .select([
      'r.seq', 'r.participant_id', 'r.suite_id', 'r.game_name', 'r.game_id', 'r.round', 'r.round_id', 'r.prompt_client_id', 'r.prompt',
      'r.question', 'r.response', 'r.correct_answer', 'r.is_correct', 'r.prompted_at', 'r.responded_at', 'r.rt_ms', 'r.category',
      'r.question_index', 'r.received_at', 'r.modality', 'g.status as game_status',
    ])
    .where('r.seq', '>', after)
    .where('r.seq', '<=', maxSeq)
    .orderBy('r.seq')
    .limit(limit)
    .execute();
}

/** Writes the whole export to `output`; answers the number of responses written. */
export async function writeExport(db: Db, options: WriteExportOptions): Promise<{ rows: number }> {
  const { format, onProgress } = options;
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const { maxSeq, total } = await snapshot(db);
  let rows = 0;

  async function* chunks(): AsyncGenerator<string> {
    yield format === 'csv' ? CSV_HEADER : '[';
    let after = 0;
    for (;;) {
      const batch = await readBatch(db, after, maxSeq, batchSize);
      if (batch.length === 0) break;
      let out = '';
      for (const raw of batch) {
        const row = toExportRow(raw);
        out += format === 'csv' ? csvLine(row) : (rows === 0 ? '\n' : ',\n') + jsonObject(row);
        rows++;
        // Small pieces: a string of a megabyte would go to V8's large-object space, which only
        // a full GC frees, and a million rows of those grow the heap by hundreds of megabytes.
        if (out.length >= CHUNK_CHARS) {
          yield out;
          out = '';
        }
      }
      after = Number(batch[batch.length - 1]?.seq);
      if (out !== '') yield out;
      await onProgress?.({ rows, total });
      if (batch.length < batchSize) break;
      // better-sqlite3 answers synchronously: let waiting requests in between batches.
      await yieldToEventLoop();
    }
    if (format === 'json') yield rows === 0 ? ']\n' : '\n]\n';
  }

  await pipeline(chunks, options.output, { signal: options.signal });
  return { rows };
}

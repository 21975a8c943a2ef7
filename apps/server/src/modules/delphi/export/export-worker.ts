/**
 * The export worker's entry (ADR 070, h21 amendment): reads and formats an export's rows in its
 * own thread, over its own connection to the server's database (SQLite read-only on the same
 * file; a pg pool of its own), under the heap limit its host set (EXPORT_WORKER_MEMORY_MB). It
 * is handed an already authorised scope and snapshot (the host decided them, ADR 074) and posts
 * back the text in pieces of about 32 K characters, waiting for credit from the host before each
 * one beyond its window: the host grants credit as the file takes
 * the chunks, so the file stream's back-pressure reaches the database reads. It serves one export at a time
 * and then waits for the next (the host keeps idle workers: a thread starts once, not per export).
 * Built as `dist/export-worker.js`; in development and tests it runs through tsx.
 */
import { parentPort } from 'node:worker_threads';
import { createDatabase } from '../../../db/database';
import { ExclusionState } from '../quality/exclusions';
import { exportChunks } from './export-writer';
import type { ExportWorkerAnswer, ExportWorkerRequest } from './export-worker-protocol';
import { CHUNK_WINDOW } from './export-worker-protocol';

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread');

/**
 * Rows per read in this thread (the server's own thread reads EXPORT_BATCH_SIZE): a batch's pg
 * strings should die young. At 2,000 rows, read ahead, they outlived the scavenges of a 4 MB
 * young generation and were promoted, and the capped old generation was marked and compacted
 * over and over (ADR 070, h28: 9.2 s of GC in a 23.4 s worker profile).
 */
const WORKER_BATCH_SIZE = 500;

let credit = CHUNK_WINDOW;
let wake: (() => void) | undefined;

function post(answer: ExportWorkerAnswer): void {
  port?.postMessage(answer);
}

/** Posts one piece of text, first waiting for credit when the host holds a whole window of them. */
async function send(text: string): Promise<void> {
  while (credit <= 0) await new Promise<void>((resolve) => (wake = resolve));
  credit--;
  post({ type: 'chunk', text });
}

async function run(request: ExportWorkerRequest): Promise<void> {
  // A connection of its own per request (the worker serves one export, then waits idle for the next).
  const database = createDatabase(request.source, { readOnly: true, maxConnections: 2 });
  try {
    const { options } = request;
    let rows = 0;
    const chunks = exportChunks(database.db, {
      ...options,
      batchSize: options.batchSize ?? WORKER_BATCH_SIZE,
      readArrays: database.readArrays,
      exclusions: ExclusionState.restore(options.exclusions),
      suites: new Map(options.suites),
      onBatch: async (written) => {
        rows = written;
        post({ type: 'batch', rows });
      },
    });
    // exportChunks' pieces (about 32 K characters: young-generation strings on the host too).
    for await (const text of chunks) await send(text);
    post({ type: 'done', rows });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    await database.destroy().catch(() => undefined);
  }
}

port.on('message', (message: ExportWorkerRequest | { type: 'credit'; chunks: number }) => {
  if (message.type === 'credit') {
    credit += message.chunks;
    wake?.();
    wake = undefined;
    return;
  }
  credit = CHUNK_WINDOW;
  void run(message);
});

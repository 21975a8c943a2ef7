/**
 * The thread that checkpoints a SQLite database's WAL (sqlite-checkpointer.ts, ADR 078): its own
 * connection to the server's file runs a PASSIVE checkpoint every `intervalMs`. A passive
 * checkpoint never waits for and never blocks the server's readers or writers; it copies the
 * committed pages from the WAL into the database file and syncs them, which is the work (and
 * the fsync) the server's own connection no longer does after its commits.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

export interface CheckpointerData {
  readonly file: string;
  readonly intervalMs: number;
}

/** `ready`: the connection is open and the first checkpoint ran; `failed`: a checkpoint failed (said once until one succeeds again). */
export type CheckpointerMessage = { readonly type: 'ready' } | { readonly type: 'failed'; readonly message: string };

const { file, intervalMs } = workerData as CheckpointerData;
const connection = new SqliteDatabase(file, { fileMustExist: true });
// Only this thread waits: a passive checkpoint itself never calls the busy handler.
connection.pragma('busy_timeout = 1000');
// As the server's connection (database.ts): the checkpoint syncs the WAL before it copies and the file after.
connection.pragma('synchronous = NORMAL');

let lastFailure: string | undefined;
function checkpoint(): void {
  try {
    connection.pragma('wal_checkpoint(PASSIVE)');
    lastFailure = undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== lastFailure) parentPort?.postMessage({ type: 'failed', message } satisfies CheckpointerMessage);
    lastFailure = message;
  }
}

checkpoint();
setInterval(checkpoint, intervalMs);
parentPort?.postMessage({ type: 'ready' } satisfies CheckpointerMessage);

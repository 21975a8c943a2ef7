/**
 * SQLite's WAL checkpoints off the event loop (issue 27, ADR 078). By default a SQLite connection
 * checkpoints after any commit that leaves the WAL longer than 1,000 pages: the server's own
 * thread then copies the pages into the database file and waits for two fsyncs, while every
 * request waits behind it. Here a worker thread with its own connection checkpoints every
 * `intervalMs` instead (sqlite-checkpoint-worker.ts), and the server's connection keeps its own
 * checkpoint only as a backstop for a WAL that outgrows BACKSTOP_PAGES (a checkpoint that cannot
 * finish under a steady stream of commits leaves the WAL to grow; the backstop resets it).
 *
 * Nothing about durability changes: a commit is durable in the WAL as before (synchronous =
 * NORMAL), and a checkpoint, whichever thread runs it, is crash-safe. If the thread fails to
 * start or stops, the connection checkpoints after its commits again as SQLite's default does.
 */
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { workerScript } from '../worker-script';
import type { CheckpointerData, CheckpointerMessage } from './sqlite-checkpoint-worker';

/** SQLite's default `wal_autocheckpoint`: what the connection goes back to without the thread. */
export const AUTOCHECKPOINT_PAGES = 1000;
/** With the thread: the connection's own checkpoint only past ~40 MB of WAL (4 KiB pages). */
export const BACKSTOP_PAGES = 10_000;
/** A passive checkpoint with nothing to copy costs a few microseconds: ten a second keep the WAL short. */
export const CHECKPOINT_INTERVAL_MS = 100;

const CHECKPOINT_WORKER = workerScript(import.meta.url, './sqlite-checkpoint-worker.ts', 'sqlite-checkpoint-worker.js');

export interface CheckpointerOptions {
  readonly intervalMs?: number;
  /** A checkpoint failed, or the thread stopped (then the connection checkpoints on its own again). */
  readonly onProblem?: (message: string) => void;
}

export interface Checkpointer {
  /** Resolves once the thread has opened its connection and run its first checkpoint (tests). */
  readonly ready: Promise<void>;
  /** Ends the thread; the connection checkpoints on its own again (and at its close, as always). */
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (the file `connection` has open, in WAL mode) in a thread of its own. */
export function checkpointInBackground(connection: SqliteDatabase.Database, file: string, options: CheckpointerOptions = {}): Checkpointer {
  const autocheckpoint = (pages: number) => {
    if (connection.open) connection.pragma(`wal_autocheckpoint = ${pages}`);
  };
  autocheckpoint(BACKSTOP_PAGES);
  let stopping = false;
  let readied: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (readied = resolve));
  const data: CheckpointerData = { file, intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS };
  const worker = new Worker(CHECKPOINT_WORKER.script, {
    eval: CHECKPOINT_WORKER.eval,
    workerData: data,
    // Its heap holds next to nothing: the pages it copies are SQLite's, not JavaScript's.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  // A checkpointer never keeps the process alive.
  worker.unref();
  const givenUp = (message: string) => {
    if (stopping) return;
    stopping = true;
    autocheckpoint(AUTOCHECKPOINT_PAGES);
    readied();
    options.onProblem?.(`${message}; the server's connection checkpoints after its commits again`);
  };
  worker.on('message', (message: CheckpointerMessage) => {
    if (message.type === 'ready') readied();
    else options.onProblem?.(`a WAL checkpoint failed: ${message.message}`);
  });
  worker.on('error', (error) => givenUp(`the checkpoint thread failed (${error.message})`));
  worker.on('exit', (code) => givenUp(`the checkpoint thread stopped (exit code ${code})`));
  return {
    ready,
    stop: async () => {
      if (stopping) return;
      stopping = true;
      autocheckpoint(AUTOCHECKPOINT_PAGES);
      await worker.terminate();
    },
  };
}

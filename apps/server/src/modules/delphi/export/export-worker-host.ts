/**
 * An export's rows read and formatted in a worker thread (ADR 070, h21 amendment), with its own
 * database connection and a heap limit of its own (EXPORT_WORKER_MEMORY_MB), so the export's
 * garbage never grows the server's heap and its CPU stays off the event loop. The main thread
 * only writes the text it posts (the file or the zip), granting credit for more as each
 * is taken. A worker that breaks its limit or stops fails the export with an
 * ExportWorkerFailure, whose reason the export's status shows; the server goes on. Workers
 * that finished an export wait idle for the next (unreferenced: they never keep the process
 * alive); one that failed or was left half-way is ended.
 */
import { Worker } from 'node:worker_threads';
import type { DatabaseSource } from '../../../db/database';
import { workerScript } from '../../../worker-script';
import type { ChunkSource, ExportChunksOptions } from './export-writer';
import type { ExportWorkerAnswer, ExportWorkerRequest } from './export-worker-protocol';

/** A failure of the worker itself (memory limit, crash): its message is shown as the export's error. */
export class ExportWorkerFailure extends Error {
  override readonly name = 'ExportWorkerFailure';
}

export interface ExportWorker {
  readonly chunks: ChunkSource;
  /** Gives the thread back (idle, for the next export) or ends it if it is not fit for another. */
  close(): Promise<void>;
}

// The compiled server has the worker beside it; the sources run it through tsx (as ADR 041's parse worker).
const EXPORT_WORKER = workerScript(import.meta.url, './export-worker.ts', 'export-worker.js');

type Event = ExportWorkerAnswer | { readonly type: 'broken'; readonly failure: ExportWorkerFailure };

/** A started thread and what it has said that nobody has read yet. */
class Thread {
  readonly worker: Worker;
  private readonly events: Event[] = [];
  private waiting: (() => void) | undefined;
  broken: ExportWorkerFailure | undefined;
  private ended = false;

  constructor(readonly memoryMb: number) {
    // Young generation old ÷ 8, 4–32 MB (8 at the default 64): with batches of 500 not read ahead it
    // holds a batch's strings until they die; 4 MB promoted them, 16 MB peaked 10–15 MB higher (ADR 070, h21, h28).
    this.worker = new Worker(EXPORT_WORKER.script, {
      eval: EXPORT_WORKER.eval,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.min(32, Math.floor(memoryMb / 8))) },
    });
    this.worker.on('message', (answer: ExportWorkerAnswer) => this.push(answer));
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `the export needed more than ${memoryMb} MB of memory (EXPORT_WORKER_MEMORY_MB)`
          : `the export's reader failed (${error.message})`,
      ),
    );
    this.worker.on('exit', () => this.fail("the export's reader stopped before it finished"));
  }

  private push(event: Event): void {
    this.events.push(event);
    this.waiting?.();
    this.waiting = undefined;
  }

  private fail(message: string): void {
    if (this.broken || this.ended) return;
    this.broken = new ExportWorkerFailure(message);
    this.push({ type: 'broken', failure: this.broken });
  }

  async next(): Promise<Event> {
    while (this.events.length === 0) await new Promise<void>((resolve) => (this.waiting = resolve));
    return this.events.shift() as Event;
  }

  async end(): Promise<void> {
    this.ended = true;
    await this.worker.terminate();
  }
}

/** Threads waiting for their next export (by heap limit); at most this many are kept. */
const idle: Thread[] = [];
const MAX_IDLE = 2;

function acquire(memoryMb: number): Thread {
  // One that stopped while idle is dropped (ended already).
  for (let i = idle.length - 1; i >= 0; i--) if (idle[i]?.broken) idle.splice(i, 1);
  const at = idle.findIndex((thread) => thread.memoryMb === memoryMb);
  const thread = at >= 0 ? (idle.splice(at, 1)[0] as Thread) : new Thread(memoryMb);
  thread.worker.ref();
  return thread;
}

async function release(thread: Thread, fit: boolean): Promise<void> {
  if (!fit || thread.broken || idle.length >= MAX_IDLE) return thread.end();
  thread.worker.unref();
  idle.push(thread);
}

/** A worker for one export job: its task files (or its one file) are asked for one after the other. */
export function openExportWorker(source: DatabaseSource, memoryMb: number): ExportWorker {
  const thread = acquire(memoryMb);
  let fit = true;
  let released = false;

  async function* chunks(options: Omit<ExportChunksOptions, 'readArrays'>): AsyncGenerator<string> {
    if (thread.broken) throw thread.broken;
    const { onBatch, exclusions, suites, ...rest } = options;
    const request: ExportWorkerRequest = { type: 'start', source, options: { ...rest, exclusions: exclusions.entries(), suites: [...suites] } };
    thread.worker.postMessage(request);
    let finished = false;
    try {
      for (;;) {
        const event = await thread.next();
        if (event.type === 'broken') throw event.failure;
        if (event.type === 'failed') {
          finished = true;
          throw new Error(event.message);
        }
        if (event.type === 'batch') await onBatch?.(event.rows);
        else if (event.type === 'done') {
          finished = true;
          return;
        } else {
          yield event.text;
          // Taken by the writer: the worker may post one more.
          thread.worker.postMessage({ type: 'credit', chunks: 1 });
        }
      }
    } finally {
      // Left half-way (an abort, a failed write): it would go on reading for nobody.
      if (!finished) {
        fit = false;
        await thread.end();
      }
    }
  }

  return {
    chunks,
    close: async () => {
      if (released) return;
      released = true;
      await release(thread, fit);
    },
  };
}

/**
 * Reading an untrusted file outside the server's event loop (issue 24, ADR 041): files are
 * parsed in a worker thread with a heap limit (INGEST_MEMORY_MB) and a time limit per file
 * (INGEST_TIME_SECONDS), one at a time per process; a worker that breaks a limit is ended and
 * the next file gets a fresh one. A file that breaks a limit
 * fails with the reason, and the server keeps answering meanwhile.
 */
import { Worker } from 'node:worker_threads';
import type { ServerLimits } from '../../../config-limits';
import { workerScript } from '../../../worker-script';
import type { TextChunk } from './chunker';
import type { DocumentKind } from './file-type';
import type { ExtractedText } from './parsers';
import type { ParseAnswer, ParseRequest } from './parse-worker';

export interface ParseLimits {
  readonly memoryMb: number;
  readonly timeMs: number;
}

/** INGEST_MEMORY_MB and INGEST_TIME_SECONDS by default (config-limits.ts). */
export const DEFAULT_PARSE_LIMITS: ParseLimits = { memoryMb: 256, timeMs: 60_000 };

export function parseLimitsOf(limits: ServerLimits): ParseLimits {
  return { memoryMb: limits.ingestMemoryMb, timeMs: limits.ingestTimeMs };
}

export interface IsolatedParse extends ExtractedText {
  /** Present when chunks were asked for (then `text` is empty). */
  readonly chunks?: readonly TextChunk[];
}

/** The reason a file could not be read: shown on its progress bar. */
export class ParseFailure extends Error {
  override readonly name = 'ParseFailure';
}

// The compiled server has the worker beside it as ingest-worker.js; the sources run parse-worker.ts through tsx.
const PARSE_WORKER = workerScript(import.meta.url, './parse-worker.ts', 'ingest-worker.js');

let queue: Promise<unknown> = Promise.resolve();
/** The live worker and the heap limit it was started with; replaced after a limit ends it. */
let current: { worker: Worker; memoryMb: number } | undefined;

function workerFor(limits: ParseLimits): Worker {
  if (current && current.memoryMb === limits.memoryMb) return current.worker;
  void current?.worker.terminate();
  const worker = new Worker(PARSE_WORKER.script, {
    eval: PARSE_WORKER.eval,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.floor(limits.memoryMb / 8))), stackSizeMb: 4 },
  });
  // An idle worker never keeps the process alive.
  worker.unref();
  current = { worker, memoryMb: limits.memoryMb };
  return worker;
}

function runWorker(request: ParseRequest, limits: ParseLimits): Promise<IsolatedParse> {
  const worker = workerFor(limits);
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void, broken: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (broken) {
        // A worker past a limit is not trusted with the next file.
        if (current?.worker === worker) current = undefined;
        void worker.terminate();
      }
      outcome();
    };
    const onMessage = (answer: ParseAnswer) =>
      settle(() => (answer.ok ? resolve({ text: answer.text, ...(answer.pageStarts ? { pageStarts: answer.pageStarts } : {}), ...(answer.chunks ? { chunks: answer.chunks } : {}) }) : reject(new ParseFailure(answer.reason))), false);
    const onError = (error: Error & { code?: string }) =>
      settle(() => reject(new ParseFailure(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `reading this file needed more than ${limits.memoryMb} MB of memory` : `this file could not be read (${error.message})`)), true);
    const onExit = () => settle(() => reject(new ParseFailure('the file reader stopped before it finished')), true);
    const timer = setTimeout(() => settle(() => reject(new ParseFailure(`reading this file took longer than ${Math.round(limits.timeMs / 1000)} s`)), true), limits.timeMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request, [request.content.buffer as ArrayBuffer]);
  });
}

/** Text (or chunks) of one file, read in a worker under the limits; one parse at a time per process. */
export function parseIsolated(kind: DocumentKind, content: Buffer, limits: ParseLimits = DEFAULT_PARSE_LIMITS, options: { chunk: boolean } = { chunk: false }): Promise<IsolatedParse> {
  // A private copy is moved to the worker; the caller's buffer stays usable.
  const copy = new Uint8Array(content.byteLength);
  copy.set(content);
  const run = queue.then(() => runWorker({ kind, content: copy, chunk: options.chunk }, limits));
  queue = run.catch(() => undefined);
  return run;
}

/** What the export's host and its worker thread say to each other (export-worker-host.ts, export-worker.ts). */
import type { DatabaseSource } from '../../../db/database';
import type { SuiteColumns } from './export-format';
import type { ExportChunksOptions } from './export-writer';

/**
 * Pieces of text (exportChunks' ≈ 32 K characters each) the worker may post before the host has
 * taken them: what is in flight is bounded by this many. Text, not transferred byte buffers:
 * the host thread allocates little else, so transferred buffers waited for a GC that V8 starts
 * only at ~64 MB of external memory (measured: +50–60 MB of dead buffers); copied strings are
 * young-generation garbage, freed by the next scavenge.
 */
export const CHUNK_WINDOW = 16;

/** exportChunks' options as plain data (structured clone): the exclusions and suites as entries. */
export interface ExportWorkerOptions extends Omit<ExportChunksOptions, 'readArrays' | 'onBatch' | 'exclusions' | 'suites'> {
  readonly exclusions: readonly (readonly [string, readonly string[]])[];
  readonly suites: readonly (readonly [string, SuiteColumns])[];
}

export interface ExportWorkerRequest {
  readonly type: 'start';
  /** The database to read (a connection of the worker's own, read-only). */
  readonly source: DatabaseSource;
  readonly options: ExportWorkerOptions;
}

export type ExportWorkerAnswer =
  | { readonly type: 'chunk'; readonly text: string }
  | { readonly type: 'batch'; readonly rows: number }
  | { readonly type: 'done'; readonly rows: number }
  | { readonly type: 'failed'; readonly message: string };

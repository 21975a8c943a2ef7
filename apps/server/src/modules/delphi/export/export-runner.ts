/**
 * Exports run as database jobs (kind `delphi-export`, ADR 007), outside any request:
 * `File generate` inserts the export record and its job; whichever server process claims the
 * job writes the file. Progress is written to the record after each batch so `File list`
 * shows it from any process. If that process dies, its lease lapses and another process
 * starts the export again from the beginning (progress drops back and climbs again).
 *
 * The file is written to its own `.part` key per attempt and renamed when complete, so a
 * download never sees half a file and a stalled earlier attempt cannot write into this one.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { clampProgress } from '@chi/contract';
import { LeaseLostError } from '../../../jobs/job-worker';
import type { JobContext, JobWorker } from '../../../jobs/job-worker';
import type { FileStorage } from '../../../storage/file-storage';
import { storageKey } from '../../../storage/file-storage';
import type { Db } from '../delphi-db';
import { exportFileName, findExport, updateExport } from './export.repo';
import type { ExportRecord } from './export.repo';
import { writeExport } from './export-writer';
import type { ArrayReader, ExportProgress } from './export-writer';
import { writePsychDsBundle } from './psych-ds-bundle';
import { ExportWorkerFailure, openExportWorker } from './export-worker-host';
import type { ExportWorker } from './export-worker-host';
import type { DatabaseSource } from '../../../db/database';
import { exportScope } from '../studies/data-scope';

export const EXPORT_JOB_KIND = 'delphi-export';

/**
 * The export file's write buffer: with Node's 16 KiB default every 32 K-character piece waited for
 * its own write to finish before the next rows were read (ADR 070, h28: 1.3–1.7 s idle per export).
 */
const EXPORT_FILE_BUFFER_BYTES = 1024 * 1024;

const exportJobPayload = z.object({ exportId: z.string() });
type ExportJobPayload = z.infer<typeof exportJobPayload>;

export interface ExportJobDeps {
  readonly db: Db;
  /** The export's bulk reads: rows as arrays (the database's `readArrays`). */
  readonly readArrays: ArrayReader;
  readonly storage: FileStorage;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  readonly batchSize?: number;
  /** Read each next batch while formatting the current one (an asynchronous driver: PostgreSQL). */
  readonly readAhead?: boolean;
  /**
   * Read and format in a worker thread of its own, over its own connection to this database,
   * with this heap limit (EXPORT_WORKER_MEMORY_MB); in this thread when absent.
   */
  readonly worker?: { readonly source: DatabaseSource; readonly memoryMb: number };
}

/** The stored file of an export (under `exports/` in the storage). */
export function exportKey(record: Pick<ExportRecord, 'id' | 'format'>): string {
  return storageKey('exports', exportFileName(record));
}

function partKey(record: Pick<ExportRecord, 'id' | 'format'>, attempt: number): string {
  return storageKey('exports', `${exportFileName(record)}.${attempt}.part`);
}

async function runExport(deps: ExportJobDeps, { payload, job, signal, heartbeat }: JobContext<ExportJobPayload>): Promise<void> {
  const { db, storage, now } = deps;
  const record = await findExport(db, payload.exportId);
  if (!record || record.status === 'done' || record.status === 'failed') return;
  const attempt = Number(job.attempts);
  // A process that died mid-export left its part behind: this attempt starts from scratch.
  for (let earlier = 1; earlier < attempt; earlier++) await storage.delete(partKey(record, earlier));
  const part = partKey(record, attempt);
  await updateExport(db, record.id, { status: 'running', progress: 0, rows: 0, started_at: now().toISOString() });
  let worker: ExportWorker | undefined;
  try {
    // The study and runs the export was asked for (the caller's level was checked then).
    const scope = await exportScope(db, record.study_id, record.runs);
    const output = await storage.openWrite(part, { bufferBytes: EXPORT_FILE_BUFFER_BYTES });
    worker = deps.worker ? openExportWorker(deps.worker.source, deps.worker.memoryMb) : undefined;
    let lastProgress = -1;
    const common = {
      output,
      readArrays: deps.readArrays,
      scope,
      signal,
      ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
      ...(deps.readAhead ? { readAhead: true } : {}),
      ...(worker ? { chunkSource: worker.chunks } : {}),
      onProgress: async (p: ExportProgress) => {
        // 99 at most until the file is renamed: "100" means downloadable.
        const progress = Math.min(99, Math.floor(clampProgress(p.total === 0 ? 100 : (p.rows / p.total) * 100)));
        if (progress === lastProgress && p.rows < p.total) return;
        lastProgress = progress;
        await updateExport(db, record.id, { progress, rows: p.rows });
      },
    };
    const { rows } =
      record.format === 'psychds'
        ? await writePsychDsBundle(db, { ...common, storage, createdAt: new Date(record.created_at) })
        : await writeExport(db, { ...common, format: record.format });
    // Only the lease holder publishes the file: a process that stalled past its lease stops here.
    await heartbeat();
    await storage.rename(part, exportKey(record));
    await updateExport(db, record.id, { status: 'done', progress: 100, rows, finished_at: now().toISOString() });
  } catch (error) {
    await storage.delete(part).catch(() => undefined);
    // This process is shutting down: the job goes back to the queue, so does what File list shows.
    if (signal.aborted && !(signal.reason instanceof LeaseLostError)) {
      await updateExport(db, record.id, { status: 'queued', progress: 0, rows: 0 }).catch(() => undefined);
    }
    throw error;
  } finally {
    await worker?.close();
  }
}

export function defineExportJob(jobs: JobWorker, deps: ExportJobDeps): void {
  jobs.define({
    kind: EXPORT_JOB_KIND,
    payload: exportJobPayload,
    run: (context) => runExport(deps, context),
    onFail: async ({ exportId }, reason) => {
      const error =
        reason.kind === 'attempts'
          ? 'The export was interrupted too often (server processes stopped). Generate it again.'
          : reason.error instanceof ExportWorkerFailure
            ? `The export failed: ${reason.error.message}.`
            : 'The export failed; see the server log.';
      await updateExport(deps.db, exportId, { status: 'failed', error, finished_at: deps.now().toISOString() });
    },
  });
}

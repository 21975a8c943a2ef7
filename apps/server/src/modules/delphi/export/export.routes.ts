/** File list / generate / download: a study's exports (review+ in the study; manageApp, devOp; ADR 074). */
import type { FastifyInstance } from 'fastify';
import { delphi } from '@chi/contract';
import { AppError } from '../../../http/app-error';
import { registerHandler } from '../../../http/registrar';
import { insertJob } from '../../../jobs/job.repo';
import type { DelphiDeps } from '../delphi-deps';
import type { DatabaseSource } from '../../../db/database';
import { EXPORT_JOB_KIND, defineExportJob, exportKey } from './export-runner';
import { exportExtension, findExport, insertExport, listExports, toExportFile } from './export.repo';
import { dataScope } from '../studies/data-scope';
import { studyFor } from '../studies/study-access';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8', psychds: 'application/zip' } as const;

/** The default heap of the export worker on PostgreSQL (EXPORT_WORKER_MEMORY_MB unset). */
const POSTGRES_EXPORT_WORKER_MB = 64;

/**
 * Read and formatted in a thread of its own, under its own heap limit (ADR 070, h21): on
 * PostgreSQL by default (the server's peak RSS 339–348 → 241–252 MB), on SQLite only when
 * EXPORT_WORKER_MEMORY_MB is set (there it measured 208–215 → 262–269 MB: the thread's own
 * isolate costs more than the garbage it keeps out of the server's heap).
 */
function exportWorker(deps: DelphiDeps): { worker?: { source: DatabaseSource; memoryMb: number } } {
  const memoryMb = deps.config.limits.exportWorkerMemoryMb ?? (deps.database.dialect === 'postgres' ? POSTGRES_EXPORT_WORKER_MB : undefined);
  return memoryMb === undefined ? {} : { worker: { source: deps.database.source, memoryMb } };
}

/** What tests and the benchmark wait on: this process's job worker having nothing left to do. */
export interface ExportJobs {
  idle(): Promise<void>;
}

export function registerExportRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const db = deps.database.db;
  const { jobs, storage } = deps;
  const worker = exportWorker(deps);
  defineExportJob(jobs, {
    db,
    readArrays: deps.database.readArrays,
    // pg answers asynchronously: the next batch is read by the database while this one is formatted.
    // Not in the worker thread: two batches alive outgrew its small young generation, and their
    // promotion kept its capped old generation collecting (ADR 070, h28).
    readAhead: deps.database.dialect === 'postgres' && worker.worker === undefined,
    ...worker,
    storage,
    log: app.log,
    now: deps.now,
    ...(deps.config.exportBatchSize ? { batchSize: deps.config.exportBatchSize } : {}),
  });
  app.decorate('delphiExports', { idle: () => jobs.idle() } satisfies ExportJobs);

  deps.userData.register({
    name: 'delphiExports',
    columns: ['delphi_exports.created_by'],
    forget: async (accountId, trx) => {
      // The files stay (they are the study's data, not the researcher's); only the link goes.
      await trx.updateTable('delphi_exports').set({ created_by: null }).where('created_by', '=', accountId).execute();
    },
    export: async (accountId, userDb) => {
      const rows = await userDb.selectFrom('delphi_exports').select(['id', 'format', 'created_at']).where('created_by', '=', accountId).execute();
      // Nothing generated, nothing to show: the key is left out of "download my data".
      return rows.length === 0 ? undefined : rows.map((row) => ({ _id: row.id, format: row.format, createdAt: row.created_at }));
    },
  });

  registerHandler(app, delphi.listFiles, async (input, { request }) => {
    const { studyId } = await dataScope(db, request.user, input);
    return { files: (await listExports(db, studyId)).map(toExportFile) };
  });

  registerHandler(app, delphi.generateFile, async (input, { request }) => {
    const scope = await dataScope(db, request.user, input);
    const createdBy = request.user && request.user.isGuest !== true ? request.user.id : null;
    const at = deps.now();
    // The record and its job in one transaction: no export without a job, no job without its export.
    const record = await db.transaction().execute(async (trx) => {
      const inserted = await insertExport(trx, input.format, scope, createdBy, at);
      await insertJob(trx, { kind: EXPORT_JOB_KIND, payload: { exportId: inserted.id } }, at);
      return inserted;
    });
    jobs.wake();
    return { file: toExportFile(record) };
  });

  registerHandler(app, delphi.downloadFile, async (_input, { id, reply, request }) => {
    const record = id === undefined ? undefined : await findExport(db, id);
    if (!record) throw new AppError(delphi.DELPHI_ERRORS.fileNotFound);
    // The file is its study's data: review+ there (a study the caller cannot see: 404).
    await studyFor(db, record.study_id, request.user, 'review');
    if (record.status !== 'done') throw new AppError(delphi.DELPHI_ERRORS.fileNotReady);
    // Whichever process wrote it: the storage is shared (one DATA_DIR volume for all processes).
    const key = exportKey(record);
    const info = await storage.stat(key);
    const stream = info ? await storage.openRead(key) : undefined;
    if (!info || !stream) throw new AppError(delphi.DELPHI_ERRORS.fileNotFound);
    const day = record.created_at.slice(0, 10);
    reply
      .type(CONTENT_TYPES[record.format])
      .header('content-length', info.size)
      .header('content-disposition', `attachment; filename="delphi-responses-${day}-${record.id.slice(0, 8)}.${exportExtension(record.format)}"`)
      .header('cache-control', 'no-store');
    // Awaiting the reply waits until the stream has been written out.
    await reply.send(stream);
    return undefined;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    delphiExports?: ExportJobs;
  }
}

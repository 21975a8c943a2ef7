/** File list / generate / download: the researchers' exports (manageApp). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { delphi } from '@chi/contract';
import { AppError } from '../../../http/app-error';
import { registerHandler } from '../../../http/registrar';
import type { DelphiDeps } from '../delphi.routes';
import { ExportRunner, exportsDir } from './export-runner';
import { exportFileName, findExport, insertExport, listExports, toExportFile } from './export.repo';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

export function registerExportRoutes(app: FastifyInstance, deps: DelphiDeps): ExportRunner {
  const db = deps.database.db;
  const runner = new ExportRunner({ db, dataDir: deps.config.dataDir, log: app.log, now: deps.now });
  app.addHook('onReady', async () => {
    // A database that is down at start must not keep the server (and its 503 health answer) from starting.
    await runner.recover().catch((error: unknown) => app.log.error({ err: error }, 'could not mark interrupted exports failed'));
  });
  app.addHook('onClose', () => runner.close());
  // Tests and the benchmark wait for the background work through this.
  app.decorate('delphiExports', runner);

  deps.userData.onForgetUser(async (accountId, trx) => {
    // The files stay (they are the study's data, not the researcher's); only the link goes.
    await trx.updateTable('delphi_exports').set({ created_by: null }).where('created_by', '=', accountId).execute();
  });
  deps.userData.onExportUser('delphiExports', async (accountId, userDb) => {
    const rows = await userDb.selectFrom('delphi_exports').select(['id', 'format', 'created_at']).where('created_by', '=', accountId).execute();
    // Nothing generated, nothing to show: the key is left out of "download my data".
    return rows.length === 0 ? undefined : rows.map((row) => ({ _id: row.id, format: row.format, createdAt: row.created_at }));
  });

  registerHandler(app, delphi.listFiles, async () => ({ files: (await listExports(db)).map(toExportFile) }));

  registerHandler(app, delphi.generateFile, async (input, { request }) => {
    const createdBy = request.user && request.user.isGuest !== true ? request.user.id : null;
    const record = await insertExport(db, input.format, createdBy, deps.now());
    runner.enqueue(record.id);
    return { file: toExportFile(record) };
  });

  registerHandler(app, delphi.downloadFile, async (_input, { id, reply }) => {
    const record = id === undefined ? undefined : await findExport(db, id);
    if (!record) throw new AppError(delphi.DELPHI_ERRORS.fileNotFound);
    if (record.status !== 'done') throw new AppError(delphi.DELPHI_ERRORS.fileNotReady);
    const path = join(exportsDir(deps.config.dataDir), exportFileName(record));
    const size = await stat(path).then((s) => s.size, () => undefined);
    if (size === undefined) throw new AppError(delphi.DELPHI_ERRORS.fileNotFound);
    const day = record.created_at.slice(0, 10);
    reply
      .type(CONTENT_TYPES[record.format])
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="delphi-responses-${day}-${record.id.slice(0, 8)}.${record.format}"`)
      .header('cache-control', 'no-store');
    // Awaiting the reply waits until the stream has been written out.
    await reply.send(createReadStream(path));
    return undefined;
  });
  return runner;
}

declare module 'fastify' {
  interface FastifyInstance {
    delphiExports?: ExportRunner;
  }
}

/**
 * The export's reader runs in a worker thread under its own heap limit (ADR 070, h21): a worker
 * that breaks it fails that export with the reason on its status, nothing half-written is
 * offered, and the server goes on (its own heap is not the worker's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { delphi } from '@chi/contract';
import { createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { answer, delphiCall, ok, startPlaying } from '../delphi-kit';
import { exportScope } from '../studies/data-scope';
import { writeExport } from './export-writer';

describe.each(TEST_DIALECTS)('an export read in a worker thread (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // Set: a worker on either dialect (unset, SQLite exports in the server's thread).
    t = await createTestApp(dialect, { env: { EXPORT_WORKER_MEMORY_MB: '64' } });
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    const flash = await startPlaying(t, 'W-1');
    const awkward = ['=1+2', 'a, "quoted"\r\nline', 'tab\there', '\u0001 \u2028 😀 \\', '-3'];
    for (const [i, response] of awkward.entries()) {
      await answer(t, flash, { response, attributes: { note: response, n: [i, 0.5] } }, 1_700_000_000_000 + i * 86_400_000);
    }
  });
  afterAll(() => t.close());

  async function inThisThread(format: 'csv' | 'json'): Promise<string> {
    let text = '';
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    });
    const scope = await exportScope(t.database.db, 'default', 'live');
    await writeExport(t.database.db, { readArrays: t.database.readArrays, output, format, scope, batchSize: 2 });
    return text;
  }

  it.each(['csv', 'json'] as const)('writes the very same %s as the server thread does', async (format) => {
    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format }, { session: admin }));
    await t.app.delphiExports?.idle();
    const done = (await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }))).files.find((f) => f._id === file._id);
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 5, error: null });
    const response = await t.app.inject({ method: 'GET', url: done?.downloadUrl ?? '', headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('=1+2');
    expect(response.body).toBe(await inThisThread(format));
  });
});

describe.each(TEST_DIALECTS)('an export whose worker fails (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // The smallest heap the setting allows. Under tsx (as here) the worker dies loading its modules
    // in it already; a response of 40 MB of text could not be read in it either (the built server).
    t = await createTestApp(dialect, { env: { EXPORT_WORKER_MEMORY_MB: '16' } });
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    const flash = await startPlaying(t, 'W-1');
    await answer(t, flash, { response: 'small' }, 1_700_000_000_000);
    await answer(t, flash, { response: 'large' }, 1_700_000_001_000);
    await t.database.db.updateTable('delphi_responses').set({ response: 'x'.repeat(40 * 1024 * 1024) }).where('response', '=', 'large').execute();
  });
  afterAll(() => t.close());

  const list = async () => (await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }))).files;

  it('fails with the reason, offers no file, and the server answers on', async () => {
    for (const format of ['csv', 'psychds'] as const) {
      const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format }, { session: admin }));
      await t.app.delphiExports?.idle();
      const failed = (await list()).find((f) => f._id === file._id);
      expect(failed).toMatchObject({ status: 'failed', downloadUrl: null, error: 'The export failed: the export needed more than 16 MB of memory (EXPORT_WORKER_MEMORY_MB).' });
      expect(failed?.progress).toBeLessThan(100);
      const download = await delphiCall(t, delphi.downloadFile, {}, { id: file._id, session: admin });
      expect(download.json()).toEqual({ Error: delphi.DELPHI_ERRORS.fileNotReady });
    }
    // Neither the file nor a part of it is left under exports/.
    expect(await readdir(join(t.dataDir, 'exports')).catch(() => [])).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: 'api.chi.localhost' } });
    expect(health.statusCode).toBe(200);
    // Two worker threads started under tsx (a broken one is never reused): not a speed limit.
  }, 60_000);
});

/**
 * Exports with several server processes on one database and one DATA_DIR: a second app on
 * the same database stands for the second process (test/second-app.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { mkdir, writeFile } from 'node:fs/promises';
import { delphi } from '@chi/contract';
import { claimJob, findJob, insertJob } from '../../../jobs/job.repo';
import { LocalFileStorage } from '../../../storage/local-file-storage';
import { createUser, logIn } from '../../../test/account-kit';
import { createSecondApp } from '../../../test/second-app';
import type { SecondApp } from '../../../test/second-app';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { answer, delphiCall, ok, startPlaying } from '../delphi-kit';
import { EXPORT_JOB_KIND } from './export-runner';
import { insertExport, updateExport } from './export.repo';

const LEASE_MS = 30_000;

describe.each(TEST_DIALECTS)('exports across processes (%s)', (dialect) => {
  let t: TestApp;
  let second: SecondApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    second = createSecondApp(t, { jobPollMs: 20 });
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    const flash = await startPlaying(t, 'M-1');
    for (let i = 0; i < 3; i++) await answer(t, flash, { response: `r${i}` }, 1_700_000_000_000 + i * 1000);
    await second.app.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const list = async (app: TestApp) => (await ok<{ files: delphi.ExportFile[] }>(delphiCall(app, delphi.listFiles, {}, { session: admin }))).files;
  const download = (app: TestApp, file: delphi.ExportFile) =>
    app.app.inject({ method: 'GET', url: file.downloadUrl ?? '', headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } });
  const bothIdle = () => Promise.all([t.app.delphiExports?.idle(), second.app.delphiExports?.idle()]);

  it('an export generated through one process downloads through the other', async () => {
    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format: 'csv' }, { session: admin }));
    // The job is a row: the other process may be the one that runs it.
    await second.app.delphiExports?.idle();
    await bothIdle();
    const done = (await list(second.view)).find((f) => f._id === file._id);
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 3 });
    const [viaFirst, viaSecond] = [await download(t, done as delphi.ExportFile), await download(second.view, done as delphi.ExportFile)];
    expect(viaSecond.statusCode).toBe(200);
    expect(viaSecond.body.split('\r\n').filter((line) => line !== '')).toHaveLength(4);
    expect(viaSecond.body).toBe(viaFirst.body);
  });

  it('a process starting never fails an export another live process is running', async () => {
    const record = await insertExport(t.database.db, 'json', { studyId: 'default', runs: 'live' }, null, new Date());
    // Due only in the future, so no live worker here takes it before the "other process" does.
    const soon = new Date(Date.now() + 60_000);
    await insertJob(t.database.db, { kind: EXPORT_JOB_KIND, payload: { exportId: record.id }, runAt: soon }, new Date());
    const claimed = await claimJob(t.database.db, { kinds: [EXPORT_JOB_KIND], owner: 'live-host:7:abc:1', leaseMs: LEASE_MS, now: soon, postgres: dialect === 'postgres' });
    expect(claimed?.payload).toBe(JSON.stringify({ exportId: record.id }));
    await updateExport(t.database.db, record.id, { status: 'running', progress: 40 });

    const third = createSecondApp(t);
    await third.app.ready();
    await third.app.delphiExports?.idle();
    await third.close();

    expect((await list(t)).find((f) => f._id === record.id)).toMatchObject({ status: 'running', progress: 40, error: null });
    expect(await findJob(t.database.db, claimed?.id ?? '')).toMatchObject({ status: 'running', lease_owner: 'live-host:7:abc:1' });
    // Let it be (it stands for a live process): give it up so later tests start clean.
    await t.database.db.updateTable('jobs').set({ status: 'failed', lease_owner: null }).where('id', '=', claimed?.id ?? '').execute();
  });

  it('an export whose process died is taken over by another process and finishes', async () => {
    const record = await insertExport(t.database.db, 'csv', { studyId: 'default', runs: 'live' }, null, new Date());
    const died = new Date(Date.now() - LEASE_MS - 1_000);
    await updateExport(t.database.db, record.id, { status: 'running', progress: 57, rows: 2 });
    // What the dead process left half-written.
    const leftover = join(t.dataDir, 'exports', `${record.id}.csv.1.part`);
    await mkdir(join(t.dataDir, 'exports'), { recursive: true });
    await writeFile(leftover, 'half a file');
    // One insert, already held: live workers poll meanwhile and must not get it first.
    const jobId = `dead-${record.id}`;
    await t.database.db
      .insertInto('jobs')
      .values({
        id: jobId, kind: EXPORT_JOB_KIND, payload: JSON.stringify({ exportId: record.id }), status: 'running', attempts: 1, max_attempts: 3,
        run_at: died.toISOString(), lease_owner: 'dead-host:9:abc:1', lease_expires_at: new Date(died.getTime() + LEASE_MS).toISOString(),
        heartbeat_at: died.toISOString(), error: null, created_at: died.toISOString(), started_at: died.toISOString(), finished_at: null,
      })
      .execute();

    second.app.jobs?.wake();
    await second.app.delphiExports?.idle();
    await bothIdle();
    const done = (await list(t)).find((f) => f._id === record.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 3, error: null });
    expect(await findJob(t.database.db, jobId)).toMatchObject({ status: 'done', attempts: 2 });
    expect(existsSync(leftover)).toBe(false);
    const body = (await download(t, done as delphi.ExportFile)).body;
    expect(body.split('\r\n').filter((line) => line !== '')).toHaveLength(4);
    expect(body).not.toContain('half a file');
  });

  it('a process shutting down mid-export hands it back, and another process finishes it', async () => {
    // This test's own processes only: the workers of the earlier apps stop here.
    await Promise.all([t.app.jobs?.close(), second.app.jobs?.close()]);
    /** Storage whose writes never drain: the export stays mid-way until the process stops. */
    class StuckStorage extends LocalFileStorage {
      override async openWrite(): Promise<Writable> {
        return new Writable({ highWaterMark: 1, write: () => undefined });
      }
    }
    const stopping = createSecondApp(t, { storage: new StuckStorage(t.dataDir) });
    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(stopping.view, delphi.generateFile, { format: 'json' }, { session: admin }));
    for (let tries = 0; (await list(t)).find((f) => f._id === file._id)?.status !== 'running'; tries++) {
      if (tries > 500) throw new Error('the export never started');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await stopping.close();
    expect((await list(t)).find((f) => f._id === file._id)).toMatchObject({ status: 'queued', progress: 0, error: null });
    const job = await t.database.db.selectFrom('jobs').selectAll().where('payload', 'like', `%${file._id}%`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 0, lease_owner: null });

    const finisher = createSecondApp(t);
    await finisher.app.ready();
    await finisher.app.delphiExports?.idle();
    await finisher.close();
    expect((await list(t)).find((f) => f._id === file._id)).toMatchObject({ status: 'done', progress: 100, rows: 3 });
  });
});

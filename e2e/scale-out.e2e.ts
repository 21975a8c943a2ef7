/**
 * Two server processes on ONE database (PostgreSQL when TEST_DATABASE_URL is set, else one
 * SQLite file) and ONE shared DATA_DIR, behind a round-robin proxy, as DESIGN §1 promises
 * for scale-out: a login through one process is valid on the other, an export written by
 * one downloads through the other, a killed process's export is finished by the other, and
 * the login rate limit counts both processes' attempts together.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, delphi } from '@chi/contract';
import { callApi, clientPasswordHash, httpGet } from './support/api-client';
import { launchBrowser, newPage } from './support/browser';
import { openDataAsResearcher } from './support/delphi-play';
import { visible } from './support/fixture';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy';
import { appUrl } from './support/server';
import { launchServerProcess, type ServerProcess } from './support/server-process';
import { openSharedDatabase, type SharedDatabase } from './support/shared-database';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
/**
 * Enough responses that an export runs for a few seconds in small batches (about 150 of them on
 * PostgreSQL, 1,200 on SQLite), long enough to kill its process mid-way. Fewer on PostgreSQL:
 * each stored response runs the /Data triggers (migration 0024) in PL/pgSQL, about 1.5 ms a row,
 * and 60,000 of them took 90 s idle and over 180 s on a loaded CI machine.
 */
let SEEDED = 60_000;

let dataDir: string;
let database: SharedDatabase;
let servers: ServerProcess[] = [];
let proxy: RoundRobinProxy;
let browser: Browser;
let cookie = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'chi-e2e-scale-'));
  database = await openSharedDatabase(dataDir);
  if (database.dialect === 'postgres') SEEDED = 15_000;
  const env = {
    DATA_DIR: dataDir,
    ...database.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The proxy is the load balancer: its X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
    // A killed process's export is taken over once its lease lapses: short here, 30 s by default.
    JOB_LEASE_SECONDS: '2',
    // Small batches make the export take seconds (PostgreSQL pays a round trip per batch, so fewer there).
    EXPORT_BATCH_SIZE: database.dialect === 'postgres' ? '100' : '50',
  };
  // One after the other: the first creates the schema, the second finds it migrated.
  servers = [await launchServerProcess({ env })];
  servers.push(await launchServerProcess({ env }));
  await database.seedResponses(SEEDED);
  [proxy, browser] = await Promise.all([startRoundRobinProxy(servers.map((s) => s.port)), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([browser?.close(), proxy?.close(), ...servers.map((s) => s.stop())]);
  await database?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const [first, second] = [() => servers[0] as ServerProcess, () => servers[1] as ServerProcess];
const listFiles = async (port: number) => (await callApi(port, delphi.listFiles, {}, { cookie })).json<{ files: delphi.ExportFile[] }>().files;

async function waitForExport(port: number, id: string, until: (file: delphi.ExportFile) => boolean, timeoutMs = 90_000): Promise<delphi.ExportFile> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = (await listFiles(port)).find((f) => f._id === id);
    if (file && until(file)) return file;
    if (file?.status === 'failed') throw new Error(`export failed: ${file.error ?? ''}`);
    if (Date.now() > deadline) throw new Error(`export ${id} never got there: ${JSON.stringify(file)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The server that stopped answering (found by its port, whatever wraps the process we killed). */
async function stoppedServer(): Promise<ServerProcess> {
  for (let tries = 0; tries < 200; tries++) {
    for (const server of servers) {
      const answers = await httpGet(server.port, '/api/v1/health').then(() => true, () => false);
      if (!answers) return server;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no server stopped');
}

/** Data lines of a CSV export (the header and the trailing empty line left out). */
const dataLines = (csv: string) => csv.split('\r\n').filter((line) => line !== '').length - 1;

describe('two server processes on one database behind a load balancer', () => {
  it('a login made in the browser through one process is valid on the other', async () => {
    const { context, page } = await newPage(browser);
    await openDataAsResearcher(page, (path) => appUrl(proxy.port, 'delphi', path), ADMIN);
    await visible(page.getByRole('heading', { name: 'Study data' }));
    const session = (await context.cookies()).find((c) => c.name === 'chi_session');
    expect(session?.domain).toMatch(/chi\.localhost$/);
    cookie = `chi_session=${session?.value ?? ''}`;
    await context.close();

    const login = proxy.hops.find((hop) => hop.url.endsWith('/Account/action/login'));
    expect(login?.status).toBe(200);
    // The page itself was served by both processes in turn.
    expect(new Set(proxy.hops.map((hop) => hop.upstream))).toEqual(new Set([first().port, second().port]));
    const other = login?.upstream === first().port ? second() : first();
    const resumed = await callApi(other.port, account.resumeSession, {}, { cookie });
    expect(resumed.status).toBe(200);
    expect(resumed.json<{ User: { email?: string; _email?: string } | null }>().User).not.toBeNull();
    expect((await callApi(other.port, delphi.listFiles, {}, { cookie })).status).toBe(200);
  });

  it('an export generated on one process downloads through the other', async () => {
    const generated = await callApi(first().port, delphi.generateFile, { format: 'csv' }, { cookie });
    expect(generated.status).toBe(200);
    const { _id } = generated.json<{ file: delphi.ExportFile }>().file;
    const done = await waitForExport(second().port, _id, (f) => f.status === 'done');
    expect(done).toMatchObject({ progress: 100, rows: SEEDED });
    const [viaSecond, viaFirst] = [await httpGet(second().port, done.downloadUrl ?? '', { cookie }), await httpGet(first().port, done.downloadUrl ?? '', { cookie })];
    expect(viaSecond.status).toBe(200);
    expect(dataLines(viaSecond.body)).toBe(SEEDED);
    expect(viaFirst.body).toBe(viaSecond.body);
  }, 120_000);

  it('counts the login rate limit across both processes: the 11th attempt gets 429', async () => {
    const email = 'target@example.org';
    const from = proxy.hops.length;
    for (let i = 0; i < 10; i++) {
      const attempt = await callApi(proxy.port, account.login, { _email: email, password: clientPasswordHash(`guess ${i}`) }, { host: 'app.chi.localhost' });
      expect(attempt.status).toBe(400);
    }
    // Spread over both processes by the proxy.
    const upstreams = proxy.hops.slice(from).map((hop) => hop.upstream);
    expect(upstreams.filter((port) => port === first().port)).toHaveLength(5);
    expect(upstreams.filter((port) => port === second().port)).toHaveLength(5);
    for (const port of [first().port, second().port]) {
      const blocked = await callApi(port, account.login, { _email: email, password: clientPasswordHash('guess 11') }, { host: 'app.chi.localhost' });
      expect(blocked.status).toBe(429);
      expect(blocked.json<{ Error: { message: string } }>().Error.message).toBe('Too many attempts. Please wait a while and try again.');
    }
  });

  it('killing the process running an export lets the other finish it', async () => {
    const generated = await callApi(proxy.port, delphi.generateFile, { format: 'csv' }, { cookie });
    const { _id } = generated.json<{ file: delphi.ExportFile }>().file;
    const running = await waitForExport(proxy.port, _id, (f) => f.status === 'running' && f.rows > 0);
    expect(running.progress).toBeLessThan(100);
    // The lease names the process (`host:pid:…`) that runs the export: kill exactly that one.
    const owner = await database.exportLeaseOwner();
    const pid = Number(owner?.split(':')[1]);
    if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no process holds the export (lease ${owner ?? 'none'})`);
    process.kill(pid, 'SIGKILL');
    const victim = await stoppedServer();
    const survivor = victim === first() ? second() : first();
    await victim.stop();

    const done = await waitForExport(proxy.port, _id, (f) => f.status === 'done');
    expect(done).toMatchObject({ progress: 100, rows: SEEDED, error: null });
    const download = await httpGet(proxy.port, done.downloadUrl ?? '', { cookie });
    expect(download.status).toBe(200);
    expect(dataLines(download.body)).toBe(SEEDED);
    // Only the survivor is left to have answered.
    expect(proxy.hops.at(-1)?.upstream).toBe(survivor.port);
  }, 120_000);
});

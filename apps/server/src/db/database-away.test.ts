/**
 * A database that goes away and comes back (ADR 067): calls meanwhile are answered 503 with
 * Retry-After (never a 500 or a request left hanging), the pool reconnects by itself, and a
 * record sent again with its client id is stored once. PostgreSQL runs behind a TCP relay the
 * test can cut (every connection dropped, new ones refused or left unanswered), and its real
 * backends are also terminated with pg_terminate_backend; SQLite has no connections to lose.
 */
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ERRORS, defineAction, delphi, errorBody } from '@chi/contract';
import pg from 'pg';
import { TEST_DIALECTS, XHR_HEADERS, createTestApp, testDatabaseUrl } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { cid, delphiCall, ok, startPlaying } from '../modules/delphi/delphi-kit';
import type { Playing } from '../modules/delphi/delphi-kit';
import { call } from '../test/account-kit';
import { system } from '@chi/contract';
import { isDatabaseUnavailable } from './unavailable';
import { markDriverError } from './driver-errors';
import { z } from 'zod';
import { registerHandler } from '../http/registrar';

type Mode = 'up' | 'refuse' | 'silent';

interface Relay {
  readonly port: number;
  /** Drops every open connection and treats new ones as `mode` says. */
  set(mode: Mode): void;
  close(): Promise<void>;
}

async function startRelay(target: URL): Promise<Relay> {
  let mode: Mode = 'up';
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    if (mode === 'refuse') return void client.destroy();
    if (mode === 'silent') return; // accepted, never answered: a database host that vanished
    const upstream = connect(Number(target.port || 5432), target.hostname);
    open.add(upstream);
    upstream.on('close', () => { open.delete(upstream); client.destroy(); });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    set(next) {
      mode = next;
      for (const socket of open) socket.destroy();
    },
    close: () => new Promise((resolve) => { for (const socket of open) socket.destroy(); server.close(() => resolve()); }),
  };
}

function response(p: Playing, clientId: string) {
  return { ...p.who, game: p.game, round: p.round, _clientId: clientId, response: 'ArrowRight', isCorrect: true, _respondedAt: Date.now(), rtMs: 400 };
}

async function stored(t: TestApp, clientId: string): Promise<number> {
  const rows = await t.database.db.selectFrom('delphi_responses').select('id').where('client_id', '=', clientId).execute();
  return rows.length;
}

describe('which failures mean the database is away', () => {
  const db = <E>(error: E) => markDriverError(error);
  it('recognises lost or refused PostgreSQL connections thrown by the database driver, also wrapped, and nothing else', () => {
    expect(isDatabaseUnavailable(db(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(db(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe(true);
    expect(isDatabaseUnavailable(db(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(db(new Error('wrapped', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) })))).toBe(true);
    expect(isDatabaseUnavailable(db(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])))).toBe(true);
    // Whoever caught the driver's error may wrap it in its own.
    expect(isDatabaseUnavailable(new Error('saving failed', { cause: db(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })) }))).toBe(true);
    expect(isDatabaseUnavailable(db(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(db(Object.assign(new Error('deadlock detected'), { code: '40P01' })))).toBe(false);
    expect(isDatabaseUnavailable(db(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('does not take the same codes from anything else (a model endpoint, an image host) for the database', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }) }))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ETIMEDOUT' })]))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});

/** Asks a model endpoint that is not there, the way a provider call does: a real refused TCP connection. */
const askModel = defineAction({
  name: 'TEST_ASK_MODEL',
  summary: 'Connects to a model endpoint on a port nobody listens on.',
  app: 'delphi',
  dataType: 'Test',
  endpoint: 'askModel',
  input: z.object({}),
  output: z.object({ answer: z.string() }),
  access: 'public',
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe.each(TEST_DIALECTS)('a connection error that is not the database (%s)', (dialect) => {
  let t: TestApp;
  let refusedError: unknown;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const port = await closedPort();
    registerHandler(t.app, askModel, async () => {
      // The same code pg raises for a database that refuses, from a different server.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => { socket.destroy(); resolve(); });
        socket.on('error', (error) => { refusedError = error; reject(error); });
      });
      return { answer: 'never' };
    });
  });
  afterAll(() => t.close());

  it('keeps its own handling: a 500 without Retry-After, not the 503 that asks the client to retry', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_BASE + askModel.path, headers: XHR_HEADERS, payload: {} });
    expect((refusedError as { code?: string }).code).toBe('ECONNREFUSED');
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toEqual(errorBody(ERRORS.serverError));
    // The database itself is there all along.
    expect((await call(t, system.health, {})).statusCode).toBe(200);
  });
});

describe.each(TEST_DIALECTS)('a participant logging while the database is there (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(dialect); });
  afterAll(() => t.close());

  it('stores a response once and answers health 200', async () => {
    const p = await startPlaying(t, 'AWAY-0');
    const id = cid();
    expect((await delphiCall(t, delphi.logResponse, response(p, id))).statusCode).toBe(200);
    expect((await call(t, system.health, {})).statusCode).toBe(200);
    expect(await stored(t, id)).toBe(1);
  });
});

describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))('PostgreSQL going away and coming back (%s)', (dialect) => {
  let relay: Relay;
  let t: TestApp;
  beforeAll(async () => {
    const target = new URL(await testDatabaseUrl());
    relay = await startRelay(target);
    const through = new URL(target.href);
    through.hostname = '127.0.0.1';
    through.port = String(relay.port);
    t = await createTestApp(dialect, { env: { DATABASE_URL: through.href } });
  });
  afterAll(async () => {
    relay.set('up');
    await t.close();
    await relay.close();
  });

  it('answers 503 with Retry-After while the database refuses, then stores the retried record once', async () => {
    const p = await startPlaying(t, 'AWAY-1');
    relay.set('refuse');
    const id = cid();
    for (const attempt of [1, 2]) {
      const away = await delphiCall(t, delphi.logResponse, response(p, id));
      expect(away.statusCode, `attempt ${attempt}: ${away.body}`).toBe(503);
      expect(away.headers['retry-after']).toBe('2');
      expect(away.json()).toEqual(errorBody(ERRORS.unavailable));
    }
    expect((await call(t, system.health, {})).statusCode).toBe(503);
    relay.set('up');
    const back = await ok<delphi.LogAck>(delphiCall(t, delphi.logResponse, response(p, id)));
    expect(back.duplicate).toBe(false);
    expect(await ok<delphi.LogAck>(delphiCall(t, delphi.logResponse, response(p, id)))).toEqual({ _id: back._id, duplicate: true });
    expect(await stored(t, id)).toBe(1);
  });

  it('gives up on a database host that accepts but never answers within the pool timeout: 503, not a hung request', async () => {
    const p = await startPlaying(t, 'AWAY-2');
    relay.set('silent');
    const started = Date.now();
    const away = await delphiCall(t, delphi.logResponse, response(p, cid()));
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('2');
    expect(Date.now() - started).toBeLessThan(9_000);
    relay.set('up');
    expect((await call(t, system.health, {})).statusCode).toBe(200);
  }, 20_000);

  it('recovers after its backends are terminated (pg_terminate_backend), with no 500 on the way', async () => {
    const p = await startPlaying(t, 'AWAY-3');
    // Several calls at once, so the pool holds several connections to terminate.
    await Promise.all([1, 2, 3, 4].map(() => ok(delphiCall(t, delphi.logResponse, response(p, cid())))));
    const admin = new pg.Client({ connectionString: await testDatabaseUrl() });
    await admin.connect();
    try {
      const killed = await admin.query<{ pid: number }>(
        `select pid from (select pid from pg_stat_activity where application_name = $1 offset 0) mine where pg_terminate_backend(pid)`,
        [`chi-server ${t.config.databaseSchema ?? ''}`],
      );
      expect(killed.rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    const statuses: number[] = [];
    const ids = [1, 2, 3, 4, 5, 6].map(() => cid());
    for (const id of ids) {
      // A client retries a 503 (the outbox does): at most a few times here.
      for (let attempt = 0; attempt < 5; attempt++) {
        const r = await delphiCall(t, delphi.logResponse, response(p, id));
        statuses.push(r.statusCode);
        if (r.statusCode === 200) break;
        expect(r.headers['retry-after']).toBe('2');
      }
    }
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.at(-1)).toBe(200);
    for (const id of ids) expect(await stored(t, id)).toBe(1);
  });
});

/**
 * The job module against a real database, as two processes would use it: two workers over
 * two connections to one database (one SQLite file, or one PostgreSQL schema).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { createDatabase } from '../db/database';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { TEST_DIALECTS, createTestDatabase } from '../test/test-app';
import type { TestDatabase } from '../test/test-app';
import { claimJob, findJob, insertJob } from './job.repo';
import { JobWorker } from './job-worker';
import type { FailReason, JobWorkerOptions } from './job-worker';

const LEASE_MS = 30_000;
/** Fastify's no-op logger: the worker logs through a Fastify logger. */
const silent = Fastify({ logger: false }).log;

describe.each(TEST_DIALECTS)('database jobs (%s)', (dialect) => {
  let t: TestDatabase;
  /** The second "process": its own connection (pool) to the same database. */
  let other: Database;
  const workers: JobWorker[] = [];
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await migrateToLatest(t.database);
    other = createDatabase(t.config);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
    await t.database.db.deleteFrom('jobs').execute();
  });
  afterAll(async () => {
    await other.destroy();
    await t.cleanup();
  });

  function worker(database: Database, options: Partial<JobWorkerOptions> = {}): JobWorker {
    const w = new JobWorker({ db: database.db, postgres: dialect === 'postgres', log: silent, now: () => new Date(), leaseMs: LEASE_MS, pollMs: 20, ...options });
    workers.push(w);
    return w;
  }

  /** A job claimed by a process that then died: its lease runs until `leaseEnd`. */
  async function abandoned(kind: string, payload: unknown, claimedAt: Date, attempts = 1) {
    const { id } = await insertJob(t.database.db, { kind, payload }, claimedAt);
    await t.database.db.updateTable('jobs').set({ attempts: attempts - 1 }).where('id', '=', id).execute();
    const job = await claimJob(t.database.db, { kinds: [kind], owner: 'dead-host:1:0:1', leaseMs: LEASE_MS, now: claimedAt, postgres: dialect === 'postgres' });
    expect(job?.id).toBe(id);
    return id;
  }

  it('two workers on one database never run the same job, and together run every job once', async () => {
    const runs = new Map<number, string[]>();
    const define = (w: JobWorker, name: string) =>
      w.define({
        kind: 'count',
        payload: z.object({ n: z.number() }),
        run: async ({ payload }) => {
          runs.set(payload.n, [...(runs.get(payload.n) ?? []), name]);
          // Long enough for the other worker to try the same rows meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
    const first = worker(t.database);
    const second = worker(other);
    define(first, 'first');
    define(second, 'second');
    for (let n = 0; n < 40; n++) await insertJob(t.database.db, { kind: 'count', payload: { n } }, new Date());
    first.start();
    second.start();
    first.wake();
    second.wake();
    await Promise.all([first.idle(), second.idle()]);
    await Promise.all([first.idle(), second.idle()]);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    for (const [, by] of runs) expect(by).toHaveLength(1);
    const rows = await t.database.db.selectFrom('jobs').select(['status', 'attempts', 'lease_owner']).execute();
    expect(rows.every((r) => r.status === 'done' && Number(r.attempts) === 1 && r.lease_owner === null)).toBe(true);
  });

  it('takes over a job whose lease expired (its process died) and completes it', async () => {
    const died = new Date(Date.now() - LEASE_MS - 1_000);
    const id = await abandoned('resume', { value: 'x' }, died);
    const seen: string[] = [];
    const w = worker(other);
    w.define({ kind: 'resume', payload: z.object({ value: z.string() }), run: async ({ payload, job }) => void seen.push(`${payload.value}:${job.attempts}`) });
    w.start();
    await w.idle();
    expect(seen).toEqual(['x:2']);
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'done', attempts: 2, lease_owner: null, error: null });
  });

  it('never takes or fails a job another live process holds, however many processes start', async () => {
    const id = await abandoned('held', {}, new Date());
    let ran = false;
    for (const database of [t.database, other]) {
      const w = worker(database);
      w.define({ kind: 'held', payload: z.unknown(), run: async () => void (ran = true) });
      w.start();
      await w.idle();
    }
    expect(ran).toBe(false);
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'running', lease_owner: 'dead-host:1:0:1', error: null });
  });

  it('hands a running job back on close; another process then finishes it', async () => {
    const w = worker(t.database);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    w.define({
      kind: 'long',
      payload: z.unknown(),
      run: ({ signal }) => {
        started();
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      },
    });
    w.start();
    const id = await w.enqueue('long', {});
    await running;
    await w.close();
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'queued', attempts: 0, lease_owner: null });

    const next = worker(other);
    next.define({ kind: 'long', payload: z.unknown(), run: async () => undefined });
    next.start();
    await next.idle();
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('fails a job whose handler throws, and tells its kind why', async () => {
    const failures: FailReason[] = [];
    const w = worker(t.database);
    w.define({
      kind: 'broken',
      payload: z.unknown(),
      run: async () => {
        throw new Error('disk full');
      },
      onFail: async (_payload, reason) => void failures.push(reason),
    });
    w.start();
    const id = await w.enqueue('broken', {});
    await w.idle();
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'failed', error: 'disk full', finished_at: expect.any(String) });
    expect(failures).toEqual([{ kind: 'error', error: new Error('disk full') }]);
  });

  it('gives up a job whose processes kept dying after its last attempt', async () => {
    const id = await abandoned('deadly', {}, new Date(Date.now() - LEASE_MS - 1_000), 3);
    const failures: FailReason[] = [];
    let ran = false;
    const w = worker(other);
    w.define({ kind: 'deadly', payload: z.unknown(), run: async () => void (ran = true), onFail: async (_p, reason) => void failures.push(reason) });
    w.start();
    await w.idle();
    expect(ran).toBe(false);
    expect(failures).toEqual([{ kind: 'attempts', attempts: 3 }]);
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'failed', attempts: 4 });
  });

  it('stops a handler whose lease another process took over, and leaves the job to that process', async () => {
    let clock = Date.now();
    const w = worker(t.database, { now: () => new Date(clock) });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const proceed = new Promise<void>((resolve) => (release = resolve));
    let outcome = '';
    w.define({
      kind: 'stalled',
      payload: z.unknown(),
      run: async ({ heartbeat }) => {
        started();
        await proceed;
        try {
          await heartbeat();
          outcome = 'kept';
        } catch (error) {
          outcome = (error as Error).name;
          throw error;
        }
      },
    });
    w.start();
    const id = await w.enqueue('stalled', {});
    await running;
    // This process stalls past its lease; another takes the job over.
    clock += LEASE_MS + 1_000;
    const taken = await claimJob(other.db, { kinds: ['stalled'], owner: 'other:2:0:1', leaseMs: LEASE_MS, now: new Date(clock), postgres: dialect === 'postgres' });
    expect(taken?.id).toBe(id);
    release();
    await w.idle();
    expect(outcome).toBe('LeaseLostError');
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'running', lease_owner: 'other:2:0:1', attempts: 2 });
  });

  it('schedules one job per slot however many processes schedule it', async () => {
    const runs: string[] = [];
    const now = () => new Date('2026-01-01T10:30:00.000Z');
    for (const database of [t.database, other]) {
      const w = worker(database, { now });
      w.define({ kind: 'hourly', payload: z.unknown(), run: async ({ job }) => void runs.push(job.id) });
      w.schedule('hourly', 60 * 60_000);
      w.start();
    }
    await Promise.all(workers.map((w) => w.idle()));
    expect(runs).toEqual(['hourly@2026-01-01T10:00:00.000Z']);
  });
});

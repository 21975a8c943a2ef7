/** Rate limits shared by every process on one database, and the client address behind a proxy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_REQUESTS, account, errorBody } from '@chi/contract';
import { call, clientHash, createUser } from '../test/account-kit';
import { createSecondApp } from '../test/second-app';
import type { SecondApp } from '../test/second-app';
import { TEST_DIALECTS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { LIMITS, RateLimiter } from './rate-limiter';

describe.each(TEST_DIALECTS)('shared rate limits (%s)', (dialect) => {
  let t: TestApp;
  let second: SecondApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { now: () => new Date(clock) } });
    second = createSecondApp(t, { now: () => new Date(clock) });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('counts failed logins of both processes together: the 11th from that address gets 429 on either', async () => {
    await createUser(t, { email: 'shared@example.org', password: 'shared password' });
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? t : second.view;
      const response = await call(app, account.login, { _email: 'shared@example.org', password: clientHash(`guess ${i}`) }, { remoteAddress: '10.1.0.1' });
      expect(response.statusCode).toBe(400);
    }
    for (const app of [t, second.view]) {
      const blocked = await call(app, account.login, { _email: 'shared@example.org', password: clientHash('shared password') }, { remoteAddress: '10.1.0.1' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(errorBody(TOO_MANY_REQUESTS));
      expect(blocked.headers['retry-after']).toBe(String(LIMITS.loginFailuresPerPair.windowMs / 1000));
    }
    const row = await t.database.db.selectFrom('rate_limits').selectAll().where('bucket', '=', 'login:fail:pair:10.1.0.1:shared@example.org').executeTakeFirstOrThrow();
    // Blocked attempts were not counted, so the block ends when the first window does.
    expect(Number(row.count)).toBe(10);
    clock += LIMITS.loginFailuresPerPair.windowMs;
    const again = await call(second.view, account.login, { _email: 'shared@example.org', password: clientHash('shared password') }, { remoteAddress: '10.1.0.1' });
    expect(again.statusCode).toBe(200);
  });

  it('never lets concurrent attempts past the limit (atomic increments)', async () => {
    const limit = { max: 7, windowMs: 60_000 };
    const limiters = [new RateLimiter(t.database.db, () => clock), new RateLimiter(second.database.db, () => clock)];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => limiters[i % 2]?.hit([{ key: 'concurrent', limit }, { key: `other-${i % 3}`, limit: { max: 100, windowMs: 60_000 } }])),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    const rows = await t.database.db.selectFrom('rate_limits').select(['bucket', 'count']).where('bucket', 'like', 'other-%').execute();
    // The 13 refused attempts counted nowhere, not even in their second bucket.
    expect(rows.reduce((sum, row) => sum + Number(row.count), 0)).toBe(7);
  });

  it('admits exactly the limit from a burst in one process (SQLite counts a burst in one commit) and refuses the rest with when to retry', async () => {
    const limit = { max: 30, windowMs: 60_000 };
    const limiter = new RateLimiter(t.database.db, () => clock);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.hit([{ key: 'burst', limit }])));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(30);
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as { statusCode?: number; retryAfterSeconds?: number }] : []));
    expect(refused.map((e) => [e.statusCode, e.retryAfterSeconds])).toEqual(refused.map(() => [429, 60]));
    const row = await t.database.db.selectFrom('rate_limits').select('count').where('bucket', '=', 'burst').executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(30);
  });

  it('counts a weighted attempt (a batch of records) whole or not at all, and never past the limit in a concurrent burst', async () => {
    const limit = { max: 10, windowMs: 60_000 };
    const limiter = new RateLimiter(t.database.db, () => clock);
    const count = async (bucket: string) =>
      Number((await t.database.db.selectFrom('rate_limits').select('count').where('bucket', '=', bucket).executeTakeFirst())?.count ?? 0);
    await limiter.hit([{ key: 'weighted', limit }], 4);
    await limiter.hit([{ key: 'weighted', limit }], 4);
    // 8 + 4 > 10: refused, and none of the 4 is counted.
    await expect(limiter.hit([{ key: 'weighted', limit }], 4)).rejects.toMatchObject({ statusCode: 429 });
    expect(await count('weighted')).toBe(8);
    await limiter.hit([{ key: 'weighted', limit }], 2);
    expect(await count('weighted')).toBe(10);
    // More than a whole window holds: refused even on a bucket never seen, nothing counted.
    await expect(limiter.hit([{ key: 'weighted-new', limit }], 11)).rejects.toMatchObject({ statusCode: 429 });
    expect(await count('weighted-new')).toBe(0);
    // A later bucket full: the earlier bucket's whole weight is taken back.
    await limiter.hit([{ key: 'weighted-small', limit: { max: 3, windowMs: 60_000 } }], 3);
    await expect(limiter.hit([{ key: 'weighted-first', limit }, { key: 'weighted-small', limit: { max: 3, windowMs: 60_000 } }], 3)).rejects.toMatchObject({ statusCode: 429 });
    expect(await count('weighted-first')).toBe(0);
    // A burst of weights 3 on a bucket of 10 (one group commit on SQLite): exactly three admitted, count 9.
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => limiter.hit([{ key: 'weighted-burst', limit }], 3)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(await count('weighted-burst')).toBe(9);
  });
});

describe.each(TEST_DIALECTS)('TRUST_PROXY (%s)', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  async function addressBucketOf(env: Record<string, string>, headers: Record<string, string>): Promise<string[]> {
    const t = await createTestApp(dialect, { env });
    apps.push(t);
    await call(t, account.login, { _email: 'nobody@example.org', password: clientHash('x') }, { remoteAddress: '127.0.0.1', headers });
    const rows = await t.database.db.selectFrom('rate_limits').select('bucket').where('bucket', 'like', 'login:fail:address:%').execute();
    return rows.map((row) => row.bucket);
  }

  it('off by default: the address is the connection’s, whatever X-Forwarded-For says', async () => {
    expect(await addressBucketOf({}, { 'x-forwarded-for': '203.0.113.5' })).toEqual(['login:fail:address:127.0.0.1']);
  });

  it('with the balancer’s address trusted, the address is the client it names', async () => {
    expect(await addressBucketOf({ TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' }, { 'x-forwarded-for': '203.0.113.5' })).toEqual(['login:fail:address:203.0.113.5']);
    expect(await addressBucketOf({ TRUST_PROXY: '1' }, { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' })).toEqual(['login:fail:address:203.0.113.9']);
  });

  it('an untrusted balancer is not believed', async () => {
    expect(await addressBucketOf({ TRUST_PROXY: '10.0.0.1' }, { 'x-forwarded-for': '203.0.113.5' })).toEqual(['login:fail:address:127.0.0.1']);
  });
});

/**
 * Issue 24: records for an ended game are refused by the SERVER's clock, whatever time they
 * claim; and each suite's logging is rate limited in the database (ADR 007), so a flood is
 * slowed with 429s the outbox retries, never spread to other suites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_REQUESTS, delphi, errorBody } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { LIMITS } from '../../security/rate-limiter';
import { cid, delphiCall, ok, startPlaying } from './delphi-kit';
import type { Playing } from './delphi-kit';
import { LATE_RECORD_GRACE_MS } from './late-grace';

const T0 = Date.parse('2026-11-26T08:00:00.000Z');

describe.each(TEST_DIALECTS)('delphi late records and logging limits (%s)', (dialect) => {
  let t: TestApp;
  let clock = T0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { now: () => new Date(clock) } });
  });
  afterAll(() => t.close());

  const respond = (p: Playing, respondedAt: number, clientId = cid()) =>
    delphiCall(t, delphi.logResponse, { ...p.who, game: p.game, round: p.round, _clientId: clientId, response: 'r', isCorrect: true, _respondedAt: respondedAt });
  const end = (p: Playing, timestamp: number) => delphiCall(t, delphi.endGame, { ...p.who, timestamp, _clientId: cid() }, { id: p.game });

  it('takes a record made during the game shortly after its end, refuses any new one once the end is old by server time', async () => {
    clock = T0;
    const p = await startPlaying(t, 'L-1', 'QuizTime');
    const during = Date.now();
    const stored = cid();
    await ok(respond(p, during, stored));
    await ok(end(p, during + 1_000));
    // The outbox's pagehide burst: a record made before the end arrives a minute after it.
    clock = T0 + 60_000;
    expect((await respond(p, during + 500)).statusCode).toBe(200);
    // Stamped after the end: refused at once.
    expect((await respond(p, during + 2_000)).json()).toEqual(errorBody(delphi.DELPHI_ERRORS.gameEnded));
    // Later than the grace: a record claiming a time before the end is refused all the same.
    clock = T0 + LATE_RECORD_GRACE_MS + 1;
    const forged = await respond(p, during + 10);
    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toEqual(errorBody(delphi.DELPHI_ERRORS.gameEnded));
    const round = await delphiCall(t, delphi.startRound, { ...p.who, game: p.game, round: 'SZ_9', _clientId: cid(), timestamp: during + 10 });
    expect(round.json()).toEqual(errorBody(delphi.DELPHI_ERRORS.gameEnded));
    // A retry of a record already stored is still acknowledged, so the outbox is never stuck.
    expect(await ok(respond(p, during, stored))).toEqual({ _id: expect.any(String), duplicate: true });
  });

  it('limits each suite’s records in the shared store: 429 when full, other suites and reading unaffected, open again next window', async () => {
    clock = T0;
    const full = await startPlaying(t, 'L-2', 'FlashMatch');
    const other = await startPlaying(t, 'L-3', 'FlashMatch');
    const resetAt = new Date(clock + LIMITS.delphiLogPerSuite.windowMs).toISOString();
    await t.database.db
      .updateTable('rate_limits')
      .set({ count: LIMITS.delphiLogPerSuite.max, reset_at: resetAt })
      .where('bucket', '=', `delphi-log:suite:${full.suite}`)
      .execute();
    const refused = await respond(full, clock);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(errorBody(TOO_MANY_REQUESTS));
    expect((await respond(other, clock)).statusCode).toBe(200);
    expect((await delphiCall(t, delphi.getGameScores, full.who)).statusCode).toBe(200);
    clock += LIMITS.delphiLogPerSuite.windowMs + 1;
    expect((await respond(full, clock)).statusCode).toBe(200);
  });

  it('answers a logResponse\'s refusals in the same order with its checks run after its context query: 400 no suite, 423 key, 429 limit, then the record\'s own 400; each counted once', async () => {
    clock = T0;
    const p = await startPlaying(t, 'L-order', 'FlashMatch');
    const other = await startPlaying(t, 'L-order-2', 'FlashMatch');
    const bucket = `delphi-log:suite:${p.suite}`;
    const count = async () => Number((await t.database.db.selectFrom('rate_limits').select('count').where('bucket', '=', bucket).executeTakeFirst())?.count ?? 0);
    const log = (payload: Record<string, unknown>, browser: 'own' | 'stranger' = 'own') =>
      delphiCall(t, delphi.logResponse, { ...p.who, game: p.game, round: p.round, _clientId: cid(), response: 'r', _respondedAt: clock, ...payload }, { browser });
    const refused = (status: number, body: unknown) => async (response: Promise<{ statusCode: number; json(): unknown }>) => {
      const r = await response;
      expect(r.statusCode).toBe(status);
      expect(r.json()).toEqual(body);
    };
    // A pair that names no suite: 400 before any key is asked for, whatever the game.
    await refused(400, errorBody(delphi.DELPHI_ERRORS.unknownSuite))(log({ participant: 'L-nobody' }));
    await refused(400, errorBody(delphi.DELPHI_ERRORS.unknownSuite))(log({ participant: 'L-nobody', game: 'no-such-game' }));
    // Another browser: 423 before the record is looked at (a known game or not); nothing counted.
    const before = await count();
    await refused(423, errorBody(delphi.DELPHI_ERRORS.openElsewhere))(log({}, 'stranger'));
    await refused(423, errorBody(delphi.DELPHI_ERRORS.openElsewhere))(log({ game: 'no-such-game' }, 'stranger'));
    expect(await count()).toBe(before);
    // The own browser: a record of no game of the suite (or of another suite's game) is 400, and counted once, like a stored one.
    await refused(400, errorBody(delphi.DELPHI_ERRORS.unknownGameId))(log({ game: 'no-such-game' }));
    await refused(400, errorBody(delphi.DELPHI_ERRORS.unknownGameId))(log({ game: other.game }));
    expect(await count()).toBe(before + 2);
    await ok(log({ isCorrect: true }));
    expect(await count()).toBe(before + 3);
    // A full bucket: 429 before the record's own 400, for a stored game and an unknown one alike.
    await t.database.db.updateTable('rate_limits').set({ count: LIMITS.delphiLogPerSuite.max }).where('bucket', '=', bucket).execute();
    await refused(429, errorBody(TOO_MANY_REQUESTS))(log({}));
    await refused(429, errorBody(TOO_MANY_REQUESTS))(log({ game: 'no-such-game' }));
    expect(await count()).toBe(LIMITS.delphiLogPerSuite.max);
  });

  it('is generous enough for a fast player: a Flash Match burst of 200 records in a few seconds all pass', async () => {
    clock = T0 + 24 * 60 * 60_000;
    const p = await startPlaying(t, 'L-4', 'FlashMatch');
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => respond(p, clock + i * 150)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
  });

  it('counts a batch\'s records all at once: a batch over what is left gets 429 and counts none, a smaller one still fits', async () => {
    clock = T0 + 2 * 24 * 60 * 60_000;
    const p = await startPlaying(t, 'L-5', 'FlashMatch');
    const bucket = `delphi-log:suite:${p.suite}`;
    const count = async () => Number((await t.database.db.selectFrom('rate_limits').select('count').where('bucket', '=', bucket).executeTakeFirstOrThrow()).count);
    const left = 5;
    await t.database.db.updateTable('rate_limits').set({ count: LIMITS.delphiLogPerSuite.max - left }).where('bucket', '=', bucket).execute();
    const batch = (n: number) =>
      delphiCall(t, delphi.logRecords, {
        ...p.who,
        records: Array.from({ length: n }, (_, i) => ({
          kind: 'logResponse', input: { game: p.game, round: p.round, _clientId: cid(), response: 'r', isCorrect: true, _respondedAt: clock + i },
        })),
      });
    const refused = await batch(left + 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(errorBody(TOO_MANY_REQUESTS));
    expect(await count()).toBe(LIMITS.delphiLogPerSuite.max - left);
    const stored = await ok<{ results: delphi.BatchResult[] }>(batch(left));
    expect(stored.results.map((r) => r.ok)).toEqual(Array.from({ length: left }, () => true));
    expect(await count()).toBe(LIMITS.delphiLogPerSuite.max);
    expect((await respond(p, clock)).statusCode).toBe(429);
  });
});

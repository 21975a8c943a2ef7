/** Issue 24 item 5: failures counted per pair and address, an account backs off instead of locking. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '@chi/contract';
import { call, clientHash, createUser } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { BACKOFF_AFTER, MAX_BACKOFF_MS, backoffMs } from './login-guard';

describe('backoffMs', () => {
  it('is zero up to the threshold, then doubles from one second up to the cap', () => {
    expect(backoffMs(BACKOFF_AFTER)).toBe(0);
    expect([1, 2, 3, 4].map((n) => backoffMs(BACKOFF_AFTER + n))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(BACKOFF_AFTER + 200)).toBe(MAX_BACKOFF_MS);
  });
});

describe.each(TEST_DIALECTS)('login back-off (%s)', (dialect) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-26T08:00:00Z');
  const login = (password: string, address: string) =>
    call(t, account.login, { _email: 'wanted@example.org', password: clientHash(password) }, { remoteAddress: address });

  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { now: () => new Date(clock) } });
    await createUser(t, { email: 'wanted@example.org', password: 'the right one' });
  });
  afterAll(() => t.close());

  it('makes an account guessed from many addresses wait, from anywhere, and says how long', async () => {
    for (let i = 0; i < BACKOFF_AFTER + 2; i += 1) {
      // Each guess waits out the back-off its predecessors built up (i failures so far).
      clock += backoffMs(i);
      expect((await login(`guess ${i}`, `10.7.${i}.1`)).statusCode).toBe(400);
    }
    // 22 failures: the next attempt waits 2 s, whoever makes it.
    const waiting = await login('the right one', '10.8.0.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('2');
    clock += 2000;
    const ok = await login('the right one', '10.8.0.1');
    expect(ok.statusCode).toBe(200);
    // A right password ends the back-off: the next wrong one is the first again.
    expect((await login('wrong again', '10.9.0.1')).statusCode).toBe(400);
    expect((await login('the right one', '10.9.0.2')).statusCode).toBe(200);
  });

  it('counts only failures: logging in many times from one address never runs into a limit', async () => {
    for (let i = 0; i < 60; i += 1) expect((await login('the right one', '10.10.0.1')).statusCode).toBe(200);
  });
});

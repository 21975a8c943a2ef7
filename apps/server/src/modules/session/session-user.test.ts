/** The session hook: sliding idle expiry, and expired sessions deleted on sight. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '@chi/contract';
import { call, createUser, logIn, sessionCookie } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { SESSION_IDLE_MS } from './session-cookie';

describe.each(TEST_DIALECTS)('session hook (%s)', (dialect) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { now: () => new Date(clock) } });
    await createUser(t, { email: 'slide@example.org', password: 'slide password' });
  });
  afterAll(() => t.close());

  it('slides the expiry forward on use (throttled) and ends an idle session', async () => {
    const { session } = await logIn(t, 'slide@example.org', 'slide password');
    const row = () => t.database.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    const created = await row();
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(SESSION_IDLE_MS);
    expect(created.token_hash).not.toBe(session);
    expect(created.token_hash).toMatch(/^[0-9a-f]{64}$/);

    clock += 60_000;
    expect(sessionCookie(await call(t, account.resumeSession, {}, { session }))).toBeUndefined();
    expect((await row()).last_seen_at).toBe(created.last_seen_at);

    clock += 10 * 60_000;
    const touched = await call(t, account.resumeSession, {}, { session });
    expect(sessionCookie(touched)?.value).toBe(session);
    expect(Date.parse((await row()).expires_at)).toBe(clock + SESSION_IDLE_MS);

    clock += SESSION_IDLE_MS + 1;
    const idle = await call(t, account.resumeSession, {}, { session });
    expect(idle.statusCode).toBe(200);
    expect(idle.json()).toEqual({ Error: null, User: null, _sessionKey: null });
    expect(sessionCookie(idle)?.value).toBe('');
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});

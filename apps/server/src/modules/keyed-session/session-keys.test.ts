/** Session keys: administrators create, list and revoke; visitors enter one for a guest session. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, account, errorBody, session as sessionActions } from '@chi/contract';
import { call, createUser, logIn, sessionCookie } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { SESSION_KEY_ERROR } from './keyed-session-errors';

const inOneDay = () => new Date(Date.now() + 24 * 60 * 60_000).toISOString();

describe.each(TEST_DIALECTS)('session keys (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'keys@example.org', password: 'keys password', appAdmin: true });
    await createUser(t, { email: 'plain@example.org', password: 'plain password' });
    admin = (await logIn(t, 'keys@example.org', 'keys password')).session;
    user = (await logIn(t, 'plain@example.org', 'plain password')).session;
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) => call(t, sessionActions.create, payload, { session: admin });

  it('create, list and revoke need manageApp', async () => {
    for (const [descriptor, id] of [[sessionActions.create], [sessionActions.list], [sessionActions.revoke, 'x']] as const) {
      const options = id ? { id } : {};
      expect((await call(t, descriptor, {}, options)).json()).toEqual(errorBody(ERRORS.unauthorized));
      expect((await call(t, descriptor, {}, { ...options, session: user })).json()).toEqual(errorBody(ERRORS.forbidden));
    }
  });

  it('create validates label, expiry and uses', async () => {
    expect((await create({ expiresAt: inOneDay() })).json().Error.message).toBe('label: This field is required');
    expect((await create({ label: 'L', expiresAt: 'tomorrow' })).json().Error.message).toBe('expiresAt: must be an ISO 8601 date-time');
    expect((await create({ label: 'L', expiresAt: new Date(Date.now() - 1000).toISOString() })).json().Error.message).toBe(
      'expiresAt: must be in the future',
    );
    expect((await create({ label: 'L', expiresAt: inOneDay(), maxUses: 0 })).statusCode).toBe(400);
  });

  it('answers the key once; the list never shows it; entering it gives a guest session', async () => {
    const created = await create({ label: 'Study A', expiresAt: inOneDay(), maxUses: 2 });
    expect(created.statusCode).toBe(200);
    const { key, sessionKey } = created.json() as { key: string; sessionKey: { _id: string } };
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(sessionKey).toMatchObject({ label: 'Study A', maxUses: 2, uses: 0, status: 'active', revokedAt: null });

    const listed = await call(t, sessionActions.list, {}, { session: admin });
    expect(listed.json().sessionKeys).toEqual([expect.objectContaining({ _id: sessionKey._id })]);
    expect(listed.body).not.toContain(key);

    const entered = await call(t, sessionActions.enterSessionKey, { key: ` ${key} ` }, { host: 'ccf.chi.localhost' });
    expect(entered.statusCode).toBe(200);
    const body = entered.json() as account.SessionResponse;
    expect(body).toEqual({
      Error: null,
      User: { _id: body._sessionKey, _email: '', _firstName: '', _lastName: '', name: 'Guest', title: '', '©isDevOp': false, '©isAppAdmin': false, isGuest: true },
      _sessionKey: body._sessionKey,
    });
    const guest = sessionCookie(entered);
    expect(guest?.domain).toBe('chi.localhost');
    // The guest session's cookie ends with the key, never later.
    expect(new Date(guest?.expires ?? 0).getTime()).toBeLessThanOrEqual(Date.parse(inOneDay()));
    const resumed = await call(t, account.resumeSession, {}, { session: guest?.value ?? '' });
    expect(resumed.json()).toEqual(body);

    // A guest has no account: account calls and the share picker are refused.
    expect((await call(t, account.listAssetUsers, {}, { session: guest?.value ?? '' })).statusCode).toBe(403);
    expect((await call(t, account.forgetMe, {}, { id: body.User._id, session: guest?.value ?? '' })).statusCode).toBe(403);
  });

  it('counts uses: a key with maxUses 1 works once', async () => {
    const { key } = (await create({ label: 'Once', expiresAt: inOneDay(), maxUses: 1 })).json() as { key: string };
    expect((await call(t, sessionActions.enterSessionKey, { key })).statusCode).toBe(200);
    const second = await call(t, sessionActions.enterSessionKey, { key });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ Error: SESSION_KEY_ERROR });
    const listed = (await call(t, sessionActions.list, {}, { session: admin })).json() as { sessionKeys: { label: string; uses: number; status: string }[] };
    expect(listed.sessionKeys.find((k) => k.label === 'Once')).toMatchObject({ uses: 1, status: 'usedUp' });
  });

  it('refuses an expired key, and a guest session ends when its key expires', async () => {
    const { key, sessionKey } = (await create({ label: 'Short', expiresAt: inOneDay() })).json() as { key: string; sessionKey: { _id: string } };
    const entered = await call(t, sessionActions.enterSessionKey, { key });
    const guest = sessionCookie(entered)?.value ?? '';
    const past = new Date(Date.now() - 1000).toISOString();
    await t.database.db.updateTable('session_keys').set({ expires_at: past }).where('id', '=', sessionKey._id).execute();
    await t.database.db.updateTable('sessions').set({ expires_at: past }).where('session_key_id', '=', sessionKey._id).execute();
    expect((await call(t, sessionActions.enterSessionKey, { key })).json()).toEqual({ Error: SESSION_KEY_ERROR });
    expect((await call(t, account.resumeSession, {}, { session: guest })).json()).toEqual({ Error: null, User: null, _sessionKey: null });
  });

  it('revoke stops the key and ends its guest sessions', async () => {
    const { key, sessionKey } = (await create({ label: 'Revoked', expiresAt: inOneDay() })).json() as { key: string; sessionKey: { _id: string } };
    const guest = sessionCookie(await call(t, sessionActions.enterSessionKey, { key }))?.value ?? '';
    const revoked = await call(t, sessionActions.revoke, {}, { id: sessionKey._id, session: admin });
    expect(revoked.json()).toMatchObject({ _id: sessionKey._id, status: 'revoked', revokedAt: expect.any(String) });
    expect((await call(t, account.resumeSession, {}, { session: guest })).json()).toEqual({ Error: null, User: null, _sessionKey: null });
    expect((await call(t, sessionActions.enterSessionKey, { key })).statusCode).toBe(400);
    expect((await call(t, sessionActions.revoke, {}, { id: 'unknown', session: admin })).statusCode).toBe(404);
  });

  it('an empty or unknown key is a 400 with the spec message', async () => {
    expect((await call(t, sessionActions.enterSessionKey, { key: '  ' })).json().Error.message).toBe('key: A valid session key is required');
    expect((await call(t, sessionActions.enterSessionKey, {})).json().Error.message).toBe('key: A valid session key is required');
    expect((await call(t, sessionActions.enterSessionKey, { key: 'made-up' })).json()).toEqual({ Error: SESSION_KEY_ERROR });
  });
});

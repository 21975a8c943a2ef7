/** Login, forgotten and changed passwords, and the rate limits on login and mail. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, TOO_MANY_REQUESTS, account, errorBody } from '@chi/contract';
import { call, clientHash, createUser, linkToken, logIn, mailsTo } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { LOGIN_ERROR, TOKEN_ERROR, WRONG_PASSWORD } from './account-errors';

const ORIGIN = 'https://app.chi.localhost';

describe.each(TEST_DIALECTS)('passwords (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a failed login is a 400 Login Error, the same for a wrong password and an unknown address', async () => {
    await createUser(t, { email: 'grace@example.org', password: 'right password' });
    const wrong = await call(t, account.login, { _email: 'grace@example.org', password: clientHash('wrong password') });
    const unknown = await call(t, account.login, { _email: 'nobody@example.org', password: clientHash('right password') });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ Error: LOGIN_ERROR });
      expect(response.cookies).toEqual([]);
    }
  });

  it('login validates its inputs with the spec messages', async () => {
    const badEmail = await call(t, account.login, { _email: 'nope', password: clientHash('x') });
    expect(badEmail.json().Error.message).toBe('_email: A valid email address is required');
    const noPassword = await call(t, account.login, { _email: 'a@b.dk' });
    expect(noPassword.json().Error.message).toBe('password: A password is required');
    const shortHash = await call(t, account.login, { _email: 'a@b.dk', password: 'abc' });
    expect(shortHash.statusCode).toBe(400);
    expect(shortHash.json().Error.message).toMatch(/^password: must be the client-side SHA-256 hash/);
  });

  it('a new session on every login; the previous one sent with the login is deleted', async () => {
    await createUser(t, { email: 'fixation@example.org', password: 'fixation password' });
    const first = await logIn(t, 'fixation@example.org', 'fixation password');
    const second = await logIn(t, 'fixation@example.org', 'fixation password', { session: first.session });
    expect(second.session).not.toBe(first.session);
    expect((await call(t, account.resumeSession, {}, { session: first.session })).json()).toEqual({ Error: null, User: null, _sessionKey: null });
    expect((await call(t, account.resumeSession, {}, { session: second.session })).statusCode).toBe(200);
  });

  it('forgot → mailed link → reset: the new password works, the old one fails with the server message', async () => {
    await createUser(t, { email: 'forgot@example.org', password: 'old password' });
    const before = await logIn(t, 'forgot@example.org', 'old password');
    const response = await call(t, account.requestResetPassword, { _email: 'Forgot@Example.org', _redirectTo: ORIGIN, _appId: 'app' });
    expect(response.json()).toEqual({ _status: 'sent' });
    const { link, token } = await linkToken(t, 'forgot@example.org', 'resetPassword');
    expect(link).toBe(`${ORIGIN}/resetPassword/${token}`);
    expect((await call(t, account.verifyToken, { tokenName: 'resetPasswordToken', token })).json()).toEqual({
      valid: true,
      email: 'forgot@example.org',
    });

    const reset = await call(t, account.resetPasswordWithToken, { resetPasswordToken: token, newPassword: clientHash('new password') });
    expect(reset.json()).toEqual({ _status: 'reset' });
    expect((await call(t, account.resetPasswordWithToken, { resetPasswordToken: token, newPassword: clientHash('x') })).json()).toEqual({
      Error: TOKEN_ERROR,
    });
    // Every session of the account ended with the reset.
    expect((await call(t, account.resumeSession, {}, { session: before.session })).json()).toEqual({ Error: null, User: null, _sessionKey: null });
    await logIn(t, 'forgot@example.org', 'new password');
    const old = await call(t, account.login, { _email: 'forgot@example.org', password: clientHash('old password') });
    expect(old.statusCode).toBe(400);
    expect(old.json().Error.message).toBe('The email or password is incorrect.');
  });

  it('reset links expire after an hour', async () => {
    await createUser(t, { email: 'hour@example.org', password: 'hour password' });
    await call(t, account.requestResetPassword, { _email: 'hour@example.org', _redirectTo: ORIGIN });
    const { token } = await linkToken(t, 'hour@example.org', 'resetPassword');
    const row = await t.database.db.selectFrom('account_tokens').select(['created_at', 'expires_at']).where('kind', '=', 'resetPassword').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60_000);
    await t.database.db.updateTable('account_tokens').set({ expires_at: new Date(Date.now() - 1).toISOString() }).where('kind', '=', 'resetPassword').execute();
    const response = await call(t, account.resetPasswordWithToken, { resetPasswordToken: token, newPassword: clientHash('late') });
    expect(response.json()).toEqual({ Error: TOKEN_ERROR });
  });

  it('answers the same for an unknown or pending address and mails nothing', async () => {
    await createUser(t, { email: 'pending@example.org', status: 'pending' });
    for (const email of ['ghost@example.org', 'pending@example.org']) {
      const response = await call(t, account.requestResetPassword, { _email: email, _redirectTo: ORIGIN });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ _status: 'sent' });
      expect(await mailsTo(t, email)).toEqual([]);
    }
    const bad = await call(t, account.requestResetPassword, { _email: '', _redirectTo: ORIGIN });
    expect(bad.json().Error.message).toBe('_email: Cannot be empty.');
    const evil = await call(t, account.requestResetPassword, { _email: 'ghost@example.org', _redirectTo: 'https://evil.example' });
    expect(evil.statusCode).toBe(400);
  });

  it('changePassword: self only, checks the current password, ends the other sessions', async () => {
    const id = await createUser(t, { email: 'change@example.org', password: 'first password' });
    const otherId = await createUser(t, { email: 'other@example.org', password: 'other password' });
    const here = await logIn(t, 'change@example.org', 'first password');
    const elsewhere = await logIn(t, 'change@example.org', 'first password');
    const other = await logIn(t, 'other@example.org', 'other password');
    const update = { update: { passphrase: clientHash('first password'), newPassphrase: clientHash('second password') } };

    expect((await call(t, account.changePassword, update, { id })).statusCode).toBe(401);
    expect((await call(t, account.changePassword, update, { id, session: other.session })).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await call(t, account.changePassword, update, { id: otherId, session: here.session })).statusCode).toBe(403);
    const wrong = await call(t, account.changePassword, { update: { ...update.update, passphrase: clientHash('nope') } }, { id, session: here.session });
    expect(wrong.json()).toEqual({ Error: WRONG_PASSWORD });
    const missing = await call(t, account.changePassword, { update: { passphrase: clientHash('x') } }, { id, session: here.session });
    expect(missing.json().Error.message).toBe('update.newPassphrase: A password is required');

    const changed = await call(t, account.changePassword, update, { id, session: here.session });
    expect(changed.json()).toEqual({ _status: 'changed' });
    expect((await call(t, account.resumeSession, {}, { session: here.session })).statusCode).toBe(200);
    expect((await call(t, account.resumeSession, {}, { session: elsewhere.session })).json()).toEqual({ Error: null, User: null, _sessionKey: null });
    expect((await call(t, account.resumeSession, {}, { session: other.session })).statusCode).toBe(200);
    await logIn(t, 'change@example.org', 'second password');
  });
});

describe.each(TEST_DIALECTS)('rate limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('login: 10 wrong passwords stop that address for that account, not the owner elsewhere', async () => {
    await createUser(t, { email: 'target@example.org', password: 'target password' });
    for (let i = 0; i < 10; i += 1) {
      const response = await call(t, account.login, { _email: 'target@example.org', password: clientHash(`guess ${i}`) }, { remoteAddress: '10.0.0.66' });
      expect(response.statusCode).toBe(400);
    }
    const blocked = await call(t, account.login, { _email: 'target@example.org', password: clientHash('target password') }, { remoteAddress: '10.0.0.66' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ Error: { name: 'Too Many Requests', message: 'Too many attempts. Please wait a while and try again.', code: 429 } });
    expect(blocked.json()).toEqual(errorBody(TOO_MANY_REQUESTS));
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from another address, is not locked out by someone else's guesses.
    await logIn(t, 'target@example.org', 'target password', { remoteAddress: '10.0.0.77' });
    // Another account from another address is unaffected.
    await createUser(t, { email: 'bystander@example.org', password: 'bystander password' });
    await logIn(t, 'bystander@example.org', 'bystander password', { remoteAddress: '10.0.0.9' });
  });

  it('login: 50 wrong passwords per 15 minutes per client address', async () => {
    for (let i = 0; i < 50; i += 1) {
      const response = await call(t, account.login, { _email: `spray${i}@example.org`, password: clientHash('x') }, { remoteAddress: '10.0.0.1' });
      expect(response.statusCode).toBe(400);
    }
    const blocked = await call(t, account.login, { _email: 'spray-last@example.org', password: clientHash('x') }, { remoteAddress: '10.0.0.1' });
    expect(blocked.statusCode).toBe(429);
  });

  it('mail: 5 sends per hour per address, the same answer up to then whether or not it exists', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await call(t, account.requestResetPassword, { _email: 'flood@example.org', _redirectTo: ORIGIN }, { remoteAddress: '10.0.0.2' });
      expect(response.json()).toEqual({ _status: 'sent' });
    }
    const blocked = await call(t, account.requestResetPassword, { _email: 'flood@example.org', _redirectTo: ORIGIN }, { remoteAddress: '10.0.0.3' });
    expect(blocked.statusCode).toBe(429);
    // The window is an hour: the answer says how long to wait, in whole seconds.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const request = await call(t, account.requestAccount, { _email: 'flood@example.org', _firstName: 'F', _lastName: 'L', _redirectTo: ORIGIN }, { remoteAddress: '10.0.0.4' });
    expect(request.statusCode).toBe(429);
  });
});

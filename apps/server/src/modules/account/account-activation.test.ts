/** Request an account → mailed link → activate → one login for every sub-app → log out. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, account, errorBody } from '@chi/contract';
import { LogCapture } from '../../test/log-capture';
import { call, clientHash, createUser, linkToken, mailsTo, sessionCookie } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { TOKEN_ERROR } from './account-errors';

const ORIGIN = 'http://app.chi.localhost:8080';

describe.each(TEST_DIALECTS)('account activation (%s)', (dialect) => {
  let t: TestApp;
  const logs = new LogCapture();
  const secrets: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, { logStream: logs });
  });
  afterAll(() => t.close());

  const request = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call(t, account.requestAccount, { _email: email, _firstName: 'Ada', _lastName: 'Lovelace', _redirectTo: ORIGIN, ...extra }, { headers });

  it('walks the whole flow: request, mail, verify, activate, shared login, resume, logout', async () => {
    const requested = await request('  Ada@Example.org ');
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ _status: 'sent' });

    const [mail] = await mailsTo(t, 'ada@example.org');
    expect(mail?.subject).toBe('Activate your account');
    expect(mail?.html).toContain('<a href="http://app.chi.localhost:8080/activateAccount/');
    const { link, token } = await linkToken(t, 'ada@example.org', 'activateAccount');
    expect(link).toBe(`${ORIGIN}/activateAccount/${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    secrets.push(token);

    // A pending account cannot log in, and fails exactly like a wrong password.
    const early = await call(t, account.login, { _email: 'ada@example.org', password: clientHash('whatever') });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ Error: { name: 'Login Error', message: 'The email or password is incorrect.', code: 400 } });

    const verified = await call(t, account.verifyToken, { tokenName: 'activateAccountToken', token });
    expect(verified.json()).toEqual({ valid: true, email: 'ada@example.org', _firstName: 'Ada', _lastName: 'Lovelace', title: '' });
    const wrongKind = await call(t, account.verifyToken, { tokenName: 'resetPasswordToken', token });
    expect(wrongKind.json()).toEqual({ valid: false });

    const password = clientHash('correct horse battery');
    secrets.push(password);
    const activated = await call(t, account.activateAccountWithToken, {
      activateAccountToken: token,
      title: 'Dr.',
      _firstName: 'Ada',
      _lastName: 'King',
      password,
    });
    expect(activated.statusCode).toBe(200);
    const body = activated.json() as account.SessionResponse;
    expect(body.Error).toBeNull();
    expect(body.User).toMatchObject({ _email: 'ada@example.org', name: 'Ada King', title: 'Dr.', '©isDevOp': false, '©isAppAdmin': false, isGuest: false });
    const cookie = sessionCookie(activated);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', domain: 'chi.localhost' });
    expect(cookie?.secure).toBeFalsy();
    const session = cookie?.value ?? '';
    secrets.push(session);
    // The public session id is not the cookie secret.
    expect(body._sessionKey).not.toBe(session);
    expect(activated.body).not.toContain(session);

    // The same cookie works on another sub-app's host.
    const resumed = await call(t, account.resumeSession, {}, { session, host: 'delphi.chi.localhost:8080' });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual(body);

    const loggedIn = await call(t, account.login, { _email: 'ADA@example.org', password });
    expect(loggedIn.statusCode).toBe(200);

    const out = await call(t, account.logout, {}, { session });
    expect(out.json()).toEqual({ _status: 'loggedOut' });
    expect(sessionCookie(out)?.value).toBe('');
    // Ended server-side: the old cookie no longer works even if a browser kept it.
    const after = await call(t, account.resumeSession, {}, { session });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ Error: null, User: null, _sessionKey: null });
    // Calls that need the session still refuse it.
    const denied = await call(t, account.requestDownloadMyData, {}, { session, id: resumed.json().User._id });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toEqual(errorBody(ERRORS.unauthorized));
  });

  it('refuses a used token with a clear message', async () => {
    await request('reuse@example.org');
    const { token } = await linkToken(t, 'reuse@example.org', 'activateAccount');
    const payload = { activateAccountToken: token, _firstName: 'R', _lastName: 'U', password: clientHash('first password') };
    expect((await call(t, account.activateAccountWithToken, payload)).statusCode).toBe(200);
    const again = await call(t, account.activateAccountWithToken, payload);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ Error: TOKEN_ERROR });
    expect(again.json().Error.message).toBe('This link has expired or has already been used.');
  });

  it('refuses an expired token, and verifyToken says it is not valid', async () => {
    await request('late@example.org');
    const { token } = await linkToken(t, 'late@example.org', 'activateAccount');
    await t.database.db.updateTable('account_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await call(t, account.verifyToken, { tokenName: 'activateAccountToken', token })).json()).toEqual({ valid: false });
    const response = await call(t, account.activateAccountWithToken, {
      activateAccountToken: token,
      _firstName: 'L',
      _lastName: 'A',
      password: clientHash('late password'),
    });
    expect(response.json()).toEqual({ Error: TOKEN_ERROR });
  });

  it('expires activation links after 7 days', async () => {
    await request('seven@example.org');
    const row = await t.database.db
      .selectFrom('account_tokens')
      .innerJoin('accounts', 'accounts.id', 'account_tokens.account_id')
      .select(['account_tokens.created_at', 'account_tokens.expires_at'])
      .where('accounts.email', '=', 'seven@example.org')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * 24 * 60 * 60_000);
  });

  it('mails the academic route when a title is given, in Danish for Accept-Language da', async () => {
    await request('prof@example.org', { title: 'Prof.' }, { 'accept-language': 'da-DK,da;q=0.9,en;q=0.5' });
    const [mail] = await mailsTo(t, 'prof@example.org');
    expect(mail?.text).toContain('Hej Ada Lovelace,');
    expect(mail?.text).toContain('Tak for din anmodning om en konto.');
    expect(mail?.html).toContain('>Aktivér konto</a>');
    const { link } = await linkToken(t, 'prof@example.org', 'activateAcademicAccount');
    expect(link.startsWith(`${ORIGIN}/activateAcademicAccount/`)).toBe(true);
  });

  it('answers the same for an existing account and mails its owner a notice instead of a link', async () => {
    await createUser(t, { email: 'taken@example.org', password: 'secret password' });
    const response = await request('taken@example.org');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _status: 'sent' });
    const [mail] = await mailsTo(t, 'taken@example.org');
    expect(mail?.subject).toBe('Someone asked for an account with your address');
    expect(mail?.text).not.toMatch(/activateAccount\//);
  });

  it.each([
    ['http://evil.example.org', 'chi.localhost'],
    ['http://app.chi.localhost.evil.org', 'chi.localhost'],
    ['http://app.chi.localhost/path', 'chi.localhost'],
    ['http://app.chi.localhost?next=x', 'chi.localhost'],
    ['javascript:alert(1)', 'chi.localhost'],
    ['http://user@app.chi.localhost', 'chi.localhost'],
    ['//app.chi.localhost', 'chi.localhost'],
  ])('refuses _redirectTo %s (no open redirects) and mails nothing', async (redirectTo) => {
    const response = await request('redirect@example.org', { _redirectTo: redirectTo });
    expect(response.statusCode).toBe(400);
    expect(response.json().Error).toMatchObject({ name: 'Validation Error', code: 400 });
    expect(response.json().Error.message).toMatch(/^_redirectTo: /);
    expect(await mailsTo(t, 'redirect@example.org')).toEqual([]);
  });

  it.each([
    [{ _email: 'nope', _firstName: 'A', _lastName: 'B', _redirectTo: ORIGIN }, '_email: Invalid email address'],
    [{ _email: 'a@b.dk', _firstName: '  ', _lastName: 'B', _redirectTo: ORIGIN }, '_firstName: This field is required'],
    [{ _email: 'a@b.dk', _firstName: 'A', _redirectTo: ORIGIN }, '_lastName: This field is required'],
    [{ _email: 'a@b.dk', _firstName: 'A', _lastName: 'B' }, '_redirectTo: A redirect origin is required'],
  ])('requestAccount names the bad field: %j', async (payload, message) => {
    const response = await call(t, account.requestAccount, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().Error.message).toBe(message);
  });

  it('activateAccountWithToken and verifyToken refuse bad inputs with 400 naming the field', async () => {
    const noPassword = await call(t, account.activateAccountWithToken, { activateAccountToken: 'x', _firstName: 'A', _lastName: 'B' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().Error.message).toBe('password: A password is required');
    const plain = await call(t, account.activateAccountWithToken, { activateAccountToken: 'x', _firstName: 'A', _lastName: 'B', password: 'hunter2' });
    expect(plain.json().Error.message).toMatch(/^password: must be the client-side SHA-256 hash/);
    const unknown = await call(t, account.activateAccountWithToken, { activateAccountToken: 'x', _firstName: 'A', _lastName: 'B', password: clientHash('p') });
    expect(unknown.json()).toEqual({ Error: TOKEN_ERROR });
    const badName = await call(t, account.verifyToken, { tokenName: 'otherToken', token: 'x' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().Error.message).toMatch(/^tokenName: /);
  });

  it('resumeSession without a live session answers User null (200); a cookie for 127.0.0.1 is host-only', async () => {
    expect((await call(t, account.resumeSession)).json()).toEqual({ Error: null, User: null, _sessionKey: null });
    expect((await call(t, account.resumeSession, {}, { session: 'forged' })).json()).toEqual({ Error: null, User: null, _sessionKey: null });
    await createUser(t, { email: 'local@example.org', password: 'local password' });
    const response = await call(t, account.login, { _email: 'local@example.org', password: clientHash('local password') }, { host: '127.0.0.1:8080' });
    expect(sessionCookie(response)?.domain).toBeUndefined();
    const https = await call(t, account.login, { _email: 'local@example.org', password: clientHash('local password') }, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    // Without a trusted proxy the forwarded scheme is ignored: Secure follows the real connection.
    expect(sessionCookie(https)?.secure).toBeFalsy();
  });

  it('never writes a secret into the logs', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) expect(logs.text).not.toContain(secret);
  });
});

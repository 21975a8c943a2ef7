/** Change e-mail (two steps), download my data and forget about me. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '@chi/contract';
import { call, clientHash, createUser, linkToken, logIn, mailsTo, sessionCookie } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { UserDataRegistry } from './user-data-registry';
import { EMAIL_UNAVAILABLE, TOKEN_ERROR } from './account-errors';

const ORIGIN = 'http://app.chi.localhost:8080';

describe.each(TEST_DIALECTS)('my data (%s)', (dialect) => {
  let t: TestApp;
  const userData = new UserDataRegistry();
  const forgotten: string[] = [];
  beforeAll(async () => {
    // Stands in for a later module that keeps its own data about people.
    userData.register({
      name: 'notes',
      columns: [],
      forget: async (accountId) => {
        forgotten.push(accountId);
      },
      export: async (accountId) => ({ note: `about ${accountId}` }),
    });
    t = await createTestApp(dialect, { build: { userData } });
  });
  afterAll(() => t.close());

  it('changes the e-mail in two steps: the current address confirms, the new one activates', async () => {
    const id = await createUser(t, { email: 'old@example.org', password: 'mail password' });
    const { session } = await logIn(t, 'old@example.org', 'mail password');
    const requested = await call(t, account.requestChangeEmail, { newEmail: 'New@Example.org', _redirectTo: ORIGIN }, { id, session });
    expect(requested.json()).toEqual({ _status: 'sent' });
    expect(await mailsTo(t, 'new@example.org')).toEqual([]);
    const first = await linkToken(t, 'old@example.org', 'changeAccountEmail');
    expect(first.link.startsWith(`${ORIGIN}/changeAccountEmail/`)).toBe(true);

    expect((await call(t, account.confirmChangeEmail, { changeAccountEmailToken: first.token })).json()).toEqual({ _status: 'sent' });
    expect((await call(t, account.confirmChangeEmail, { changeAccountEmailToken: first.token })).json()).toEqual({ Error: TOKEN_ERROR });
    const second = await linkToken(t, 'new@example.org', 'activateNewEmail');
    expect(second.link.startsWith(`${ORIGIN}/activateNewEmail/`)).toBe(true);

    const activated = await call(t, account.activateNewEmail, { activateNewEmailToken: second.token });
    expect(activated.json()).toEqual({ _status: 'changed', _email: 'new@example.org' });
    await logIn(t, 'new@example.org', 'mail password');
    expect((await call(t, account.login, { _email: 'old@example.org', password: clientHash('mail password') })).statusCode).toBe(400);
  });

  it('never reveals that the new address has an account: its owner gets a notice', async () => {
    const id = await createUser(t, { email: 'mover@example.org', password: 'mover password' });
    await createUser(t, { email: 'occupied@example.org', password: 'occupied password' });
    const { session } = await logIn(t, 'mover@example.org', 'mover password');
    expect((await call(t, account.requestChangeEmail, { newEmail: 'occupied@example.org', _redirectTo: ORIGIN }, { id, session })).json()).toEqual({
      _status: 'sent',
    });
    const { token } = await linkToken(t, 'mover@example.org', 'changeAccountEmail');
    expect((await call(t, account.confirmChangeEmail, { changeAccountEmailToken: token })).json()).toEqual({ _status: 'sent' });
    const [notice] = await mailsTo(t, 'occupied@example.org');
    expect(notice?.subject).toBe('Someone asked to use your address');
    expect(notice?.text).not.toMatch(/activateNewEmail\//);
  });

  it('refuses to activate an address taken in the meantime', async () => {
    const id = await createUser(t, { email: 'racer@example.org', password: 'racer password' });
    const { session } = await logIn(t, 'racer@example.org', 'racer password');
    await call(t, account.requestChangeEmail, { newEmail: 'contested@example.org', _redirectTo: ORIGIN }, { id, session });
    await call(t, account.confirmChangeEmail, { changeAccountEmailToken: (await linkToken(t, 'racer@example.org', 'changeAccountEmail')).token });
    const { token } = await linkToken(t, 'contested@example.org', 'activateNewEmail');
    await createUser(t, { email: 'contested@example.org' });
    expect((await call(t, account.activateNewEmail, { activateNewEmailToken: token })).json()).toEqual({ Error: EMAIL_UNAVAILABLE });
  });

  it('requestChangeEmail: 401 anonymous, 403 for another user, 400 for a bad or unchanged address', async () => {
    const id = await createUser(t, { email: 'guard@example.org', password: 'guard password' });
    await createUser(t, { email: 'intruder@example.org', password: 'intruder password' });
    const own = await logIn(t, 'guard@example.org', 'guard password');
    const intruder = await logIn(t, 'intruder@example.org', 'intruder password');
    const payload = { newEmail: 'x@example.org', _redirectTo: ORIGIN };
    expect((await call(t, account.requestChangeEmail, payload, { id })).statusCode).toBe(401);
    expect((await call(t, account.requestChangeEmail, payload, { id, session: intruder.session })).statusCode).toBe(403);
    const bad = await call(t, account.requestChangeEmail, { newEmail: 'bad', _redirectTo: ORIGIN }, { id, session: own.session });
    expect(bad.json().Error.message).toBe('newEmail: Invalid email address');
    const same = await call(t, account.requestChangeEmail, { newEmail: 'GUARD@example.org', _redirectTo: ORIGIN }, { id, session: own.session });
    expect(same.json().Error.message).toBe('newEmail: This is already your e-mail address.');
    const evil = await call(t, account.requestChangeEmail, { ...payload, _redirectTo: 'https://evil.example' }, { id, session: own.session });
    expect(evil.json().Error.message).toMatch(/^_redirectTo: /);
  });

  it('downloads everything stored about me, once, without any hash', async () => {
    const id = await createUser(t, { email: 'export@example.org', password: 'export password', firstName: 'Ex', lastName: 'Port' });
    const { session } = await logIn(t, 'export@example.org', 'export password');
    // No _redirectTo: the page's own origin (the Origin header) is used.
    const requested = await call(t, account.requestDownloadMyData, {}, { id, session, headers: { origin: 'http://app.chi.localhost:8080' } });
    expect(requested.json()).toEqual({ _status: 'sent' });
    const { link, token } = await linkToken(t, 'export@example.org', 'downloadMyData');
    expect(link.startsWith(`${ORIGIN}/downloadMyData/`)).toBe(true);

    const response = await call(t, account.confirmDownloadMyData, { downloadMyDataToken: token });
    expect(response.statusCode).toBe(200);
    const data = response.json() as account.MyData;
    expect(data.account).toMatchObject({ _id: id, _email: 'export@example.org', _firstName: 'Ex', _lastName: 'Port', status: 'active' });
    expect(data.sessions).toHaveLength(1);
    expect(data.tokens).toEqual([expect.objectContaining({ kind: 'downloadMyData', usedAt: expect.any(String) })]);
    expect(data.other).toMatchObject({ notes: { note: `about ${id}` }, documents: [], uploads: [], shortLinks: [] });
    const stored = await t.database.db.selectFrom('accounts').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    const sessionRow = await t.database.db.selectFrom('sessions').select('token_hash').where('account_id', '=', id).executeTakeFirstOrThrow();
    for (const secret of [stored.password_hash ?? '', sessionRow.token_hash, token, session, '$argon2']) expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/hash/i);
    expect((await call(t, account.confirmDownloadMyData, { downloadMyDataToken: token })).json()).toEqual({ Error: TOKEN_ERROR });
  });

  it('forgets me: the account, sessions, tokens and registered data go; login then fails', async () => {
    const id = await createUser(t, { email: 'forget@example.org', password: 'forget password' });
    const { session } = await logIn(t, 'forget@example.org', 'forget password');
    const other = await logIn(t, 'forget@example.org', 'forget password');
    expect((await call(t, account.forgetMe, {}, { id })).statusCode).toBe(401);
    const requested = await call(t, account.forgetMe, { _redirectTo: ORIGIN }, { id, session });
    expect(requested.json()).toEqual({ _status: 'sent' });
    const { link, token } = await linkToken(t, 'forget@example.org', 'forgetAboutMe');
    expect(link).toBe(`${ORIGIN}/forgetAboutMe/${token}`);

    const confirmed = await call(t, account.confirmForgetAboutMe, { forgetAboutMeToken: token }, { session });
    expect(confirmed.json()).toEqual({ _status: 'forgotten' });
    expect(sessionCookie(confirmed)?.value).toBe('');
    expect(forgotten).toEqual([id]);
    for (const table of ['sessions', 'account_tokens'] as const) {
      expect(await t.database.db.selectFrom(table).select('id').where('account_id', '=', id).execute()).toEqual([]);
    }
    expect(await t.database.db.selectFrom('accounts').select('id').where('id', '=', id).execute()).toEqual([]);
    expect((await call(t, account.resumeSession, {}, { session: other.session })).json()).toEqual({ Error: null, User: null, _sessionKey: null });
    const login = await call(t, account.login, { _email: 'forget@example.org', password: clientHash('forget password') });
    expect(login.json().Error.message).toBe('The email or password is incorrect.');
    expect((await call(t, account.confirmForgetAboutMe, { forgetAboutMeToken: token })).json()).toEqual({ Error: TOKEN_ERROR });
  });

  it('forgetMe and requestDownloadMyData refuse other users and foreign redirect origins', async () => {
    const id = await createUser(t, { email: 'self@example.org', password: 'self password' });
    await createUser(t, { email: 'nosy@example.org', password: 'nosy password' });
    const nosy = await logIn(t, 'nosy@example.org', 'nosy password');
    const own = await logIn(t, 'self@example.org', 'self password');
    for (const descriptor of [account.forgetMe, account.requestDownloadMyData]) {
      expect((await call(t, descriptor, {}, { id, session: nosy.session })).statusCode).toBe(403);
      const evil = await call(t, descriptor, {}, { id, session: own.session, headers: { origin: 'https://evil.example' } });
      expect(evil.statusCode).toBe(400);
      expect(evil.json().Error.message).toMatch(/^_redirectTo: /);
    }
    expect(await mailsTo(t, 'self@example.org')).toEqual([]);
    expect((await call(t, account.confirmForgetAboutMe, {})).json().Error.message).toBe('forgetAboutMeToken: A valid token is required');
  });
});

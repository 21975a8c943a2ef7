/**
 * Issue 25 item 13: every e-mail entry point applies SPEC §5's one rule (packages/contract
 * validation), which refuses a space inside the address and more than one @. Registering
 * `a b@c.de` had sent the activation mail to `b@c.de`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, ccf } from '@chi/contract';
import { call, createUser, logIn, readOutbox } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const ORIGIN = 'http://app.chi.localhost:8080';
const BAD = ['a b@c.de', 'a@b@c.de', 'ab@c.d e'];

describe.each(TEST_DIALECTS)('one e-mail rule at every entry point (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const message = (response: { json: () => unknown }) => (response.json() as { Error: { message: string } }).Error.message;

  it.each(BAD)('register refuses %j with a 400 naming the field, and mails nobody', async (email) => {
    const response = await call(t, account.requestAccount, { _email: email, _firstName: 'Ada', _lastName: 'L', _redirectTo: ORIGIN });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('_email: Invalid email address');
    expect(await readOutbox(t)).toEqual([]);
  });

  it.each(BAD)('login and forgot password refuse %j with a 400', async (email) => {
    const login = await call(t, account.login, { _email: email, password: 'a'.repeat(64) });
    expect(login.statusCode).toBe(400);
    expect(message(login)).toContain('_email: A valid email address is required');
    const forgot = await call(t, account.requestResetPassword, { _email: email, _redirectTo: ORIGIN });
    expect(forgot.statusCode).toBe(400);
    expect(message(forgot)).toBe('_email: Cannot be empty.');
    expect(await readOutbox(t)).toEqual([]);
  });

  it('change of e-mail refuses a new address with a space or two @, and mails nothing', async () => {
    const id = await createUser(t, { email: 'owner@example.org', password: 'a good password' });
    const { session } = await logIn(t, 'owner@example.org', 'a good password');
    for (const newEmail of BAD) {
      const response = await call(t, account.requestChangeEmail, { newEmail, _redirectTo: ORIGIN }, { id, session });
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBe('newEmail: Invalid email address');
    }
    expect(await readOutbox(t)).toEqual([]);
  });

  it('a sign-up by e-mail refuses an address with a space', async () => {
    const response = await call(t, ccf.signUp, { sessionId: 'any-session', firstName: 'Ada', email: 'a b@c.de', consent: true, _redirectTo: ORIGIN });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toContain('email: Invalid email address');
  });

  it('a plain address still registers, and the mail goes to exactly that address', async () => {
    const response = await call(t, account.requestAccount, { _email: ' ab@c.de ', _firstName: 'Ada', _lastName: 'L', _redirectTo: ORIGIN });
    expect(response.statusCode).toBe(200);
    const mails = await readOutbox(t);
    expect(mails.map((mail) => mail.to)).toEqual(['ab@c.de']);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_SALT } from '../constants';
import { ALL_DESCRIPTORS } from './index';
import * as account from './account';
import * as session from './session';

describe('account descriptors (SPEC §7)', () => {
  it('use the spec paths and methods', () => {
    const shapes = Object.fromEntries(account.ACCOUNT_DESCRIPTORS.map((d) => [d.name, `${d.method} ${d.path}`]));
    expect(shapes).toMatchObject({
      LIST_USERS: 'POST /actions/app/Account/action/list',
      GET_USER: 'GET /actions/app/Account/action/get/:id',
      LOGIN: 'POST /actions/app/Account/action/login',
      LOGOUT: 'POST /actions/app/Account/action/logout',
      CHANGE_PASSWORD: 'PUT /actions/app/Account/action/changePassword/:id',
      REQUEST_ACCOUNT: 'POST /actions/app/Account/action/requestAccount',
      REQUEST_FORGET_USER: 'POST /actions/app/Account/action/forgetMe/:id',
      REQUEST_RESET_PASSWORD: 'POST /actions/app/Account/action/requestResetPassword',
      REQUEST_CHANGE_EMAIL: 'POST /actions/app/Account/action/requestChangeEmail/:id',
      ACTIVATE_ACCOUNT: 'POST /actions/app/Account/action/activateAccountWithToken',
      VERIFY_TOKEN: 'POST /actions/app/Account/action/verifyToken',
      RESET_PASSWORD: 'POST /actions/app/Account/action/resetPasswordWithToken',
      RESUME_SESSION: 'POST /actions/app/Account/action/resumeSession',
      SET_APP_ADMIN: 'POST /actions/app/Account/action/setAppAdmin/:id',
    });
    expect(session.enterSessionKey.path).toBe('/actions/app/Session/action/enterSessionKey');
    expect(session.create.path).toBe('/actions/app/SessionKey/action/create');
    expect(session.revoke.path).toBe('/actions/app/SessionKey/action/revoke/:id');
  });

  it('are all in ALL_DESCRIPTORS, with unique names and paths', () => {
    for (const d of [...account.ACCOUNT_DESCRIPTORS, ...session.SESSION_DESCRIPTORS]) expect(ALL_DESCRIPTORS).toContain(d);
    const keys = ALL_DESCRIPTORS.map((d) => `${d.method} ${d.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ALL_DESCRIPTORS.map((d) => d.name)).size).toBe(ALL_DESCRIPTORS.length);
  });

  it('accept only the client-side hash as a password, lower-cased', () => {
    const hash = createHash('sha256').update(PASSWORD_SALT + 'pw').digest('hex');
    expect(account.passwordHashSchema().parse(hash.toUpperCase())).toBe(hash);
    expect(account.passwordHashSchema().safeParse('').error?.issues[0]?.message).toBe('A password is required');
    expect(account.passwordHashSchema().safeParse('pw').success).toBe(false);
    expect(account.passwordHashSchema().safeParse(hash.slice(1)).success).toBe(false);
  });

  it('validate login and registration with the spec messages', () => {
    const login = account.login.input.safeParse({ _email: 'x', password: '' });
    expect(login.error?.issues.map((i) => i.message)).toEqual(['A valid email address is required', 'A password is required']);
    const request = account.requestAccount.input.safeParse({ _email: 'a@b', _firstName: ' ', _lastName: 'L', _redirectTo: 'http://app.x' });
    expect(request.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['_email: Invalid email address', '_firstName: This field is required']);
    expect(account.list.input.parse({})).toEqual({ offset: 0, pageSize: 20, filter: '' });
    expect(session.enterSessionKey.input.safeParse({ key: ' ' }).error?.issues[0]?.message).toBe('A valid session key is required');
  });
});

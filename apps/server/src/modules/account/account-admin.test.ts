/** Listing and reading accounts, ©isAppAdmin, the share picker and the first administrator. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, account, errorBody } from '@chi/contract';
import { LogCapture } from '../../test/log-capture';
import { call, createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ensureAdminAccount } from './admin-bootstrap';
import { USER_NOT_FOUND } from './account-errors';

describe.each(TEST_DIALECTS)('account administration (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let devOp: string;
  let userId: string;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    adminId = await createUser(t, { email: 'admin@example.org', password: 'admin password', firstName: 'Ann', lastName: 'Admin', appAdmin: true });
    userId = await createUser(t, { email: 'user@example.org', password: 'user password', firstName: 'Ulla', lastName: 'User' });
    await createUser(t, { email: 'devop@example.org', password: 'devop password', firstName: 'Dev', lastName: 'Op', devOp: true });
    await createUser(t, { email: 'pending%_@example.org', firstName: 'Pete', lastName: 'Pending', status: 'pending' });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    user = (await logIn(t, 'user@example.org', 'user password')).session;
    devOp = (await logIn(t, 'devop@example.org', 'devop password')).session;
  });
  afterAll(() => t.close());

  it('list needs manageApp: 401 anonymous, 403 for a user', async () => {
    expect((await call(t, account.list)).json()).toEqual(errorBody(ERRORS.unauthorized));
    expect((await call(t, account.list, {}, { session: user })).json()).toEqual(errorBody(ERRORS.forbidden));
  });

  it('lists, searches name and e-mail, and pages (with the total) for app admins and devOps', async () => {
    const all = await call(t, account.list, {}, { session: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(4);
    expect(all.json().users.map((u: account.AccountRecord) => u._email)).toContain('pending%_@example.org');
    const found = await call(t, account.list, { filter: 'ulla u' }, { session: devOp });
    expect(found.json()).toEqual({ users: [expect.objectContaining({ _id: userId, name: 'Ulla User', status: 'active', '©isAppAdmin': false })], total: 1 });
    expect((await call(t, account.list, { filter: 'DEVOP@' }, { session: admin })).json().total).toBe(1);
    // Wildcards in the search are literal characters.
    expect((await call(t, account.list, { filter: '%_' }, { session: admin })).json().total).toBe(1);
    const page = await call(t, account.list, { offset: 1, pageSize: 2 }, { session: admin });
    expect(page.json().users).toHaveLength(2);
    expect(page.json().total).toBe(4);
    const bad = await call(t, account.list, { pageSize: 0 }, { session: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toMatch(/^pageSize: /);
  });

  it('get: self or manageApp; 404 for an unknown id', async () => {
    expect((await call(t, account.get, {}, { id: userId })).statusCode).toBe(401);
    expect((await call(t, account.get, {}, { id: userId, session: user })).json()).toMatchObject({ _id: userId, _email: 'user@example.org' });
    expect((await call(t, account.get, {}, { id: adminId, session: user })).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await call(t, account.get, {}, { id: userId, session: admin })).json()).toMatchObject({ _id: userId });
    expect((await call(t, account.get, {}, { id: 'nobody', session: admin })).json()).toEqual({ Error: USER_NOT_FOUND });
  });

  it('setAppAdmin: manageApp grants and withdraws the flag, effective on the next call', async () => {
    expect((await call(t, account.setAppAdmin, { isAppAdmin: true }, { id: userId })).statusCode).toBe(401);
    expect((await call(t, account.setAppAdmin, { isAppAdmin: true }, { id: userId, session: user })).statusCode).toBe(403);
    const bad = await call(t, account.setAppAdmin, { isAppAdmin: 'yes' }, { id: userId, session: admin });
    expect(bad.json().Error.message).toBe('isAppAdmin: isAppAdmin must be true or false');
    expect((await call(t, account.setAppAdmin, { isAppAdmin: true }, { id: 'nobody', session: admin })).statusCode).toBe(404);

    const granted = await call(t, account.setAppAdmin, { isAppAdmin: true }, { id: userId, session: devOp });
    expect(granted.json()).toMatchObject({ _id: userId, '©isAppAdmin': true });
    expect((await call(t, account.list, {}, { session: user })).statusCode).toBe(200);
    expect((await call(t, account.resumeSession, {}, { session: user })).json().User['©isAppAdmin']).toBe(true);
    await call(t, account.setAppAdmin, { isAppAdmin: false }, { id: userId, session: admin });
    expect((await call(t, account.list, {}, { session: user })).statusCode).toBe(403);
  });

  it('listAssetUsers: any logged-in user sees active users as id and name only', async () => {
    expect((await call(t, account.listAssetUsers)).statusCode).toBe(401);
    const response = await call(t, account.listAssetUsers, { filter: '' }, { session: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { users: { _id: string; name: string }[]; total: number };
    expect(body.total).toBe(3);
    expect(body.users.map((u) => u.name).sort()).toEqual(['Ann Admin', 'Dev Op', 'Ulla User']);
    for (const entry of body.users) expect(Object.keys(entry).sort()).toEqual(['_id', 'name']);
    expect(response.body).not.toContain('@example.org');
  });
});

describe.each(TEST_DIALECTS)('first administrator (%s)', (dialect) => {
  let t: TestApp;
  const logs = new LogCapture();
  const password = 'bootstrap-Secret-42';
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ADMIN_EMAIL: 'Root@Example.org', ADMIN_PASSWORD: password }, logStream: logs });
  });
  afterAll(() => t.close());

  it('creates an active devOp account with that password, and keeps it so on later starts', async () => {
    expect(await ensureAdminAccount(t.database, t.config)).toBe('created');
    expect(await ensureAdminAccount(t.database, t.config)).toBe('unchanged');
    const { session } = await logIn(t, 'root@example.org', password);
    const me = await call(t, account.resumeSession, {}, { session });
    expect(me.json().User).toMatchObject({ _email: 'root@example.org', '©isDevOp': true });
    expect((await call(t, account.list, {}, { session })).statusCode).toBe(200);

    // Someone demoted it and changed its password: the next start restores both and ends its sessions.
    await t.database.db.updateTable('accounts').set({ is_dev_op: 0, password_hash: null }).execute();
    expect(await ensureAdminAccount(t.database, t.config)).toBe('updated');
    expect((await call(t, account.resumeSession, {}, { session })).json()).toEqual({ Error: null, User: null, _sessionKey: null });
    await logIn(t, 'root@example.org', password);
    expect(logs.text).not.toContain(password);
    const listed = await call(t, account.list, {}, { session: (await logIn(t, 'root@example.org', password)).session });
    expect(listed.body).not.toContain(password);
  });

  it('does nothing without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    expect(await ensureAdminAccount(t.database, {})).toBe('none');
  });
});

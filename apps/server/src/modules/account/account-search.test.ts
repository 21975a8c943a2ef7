/** Issue 24 item 4: the share picker tells nobody whether an e-mail address has an account. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '@chi/contract';
import { call, createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

type Listed = { users: { _id: string; name: string }[]; total: number; Error?: { message: string } };

describe.each(TEST_DIALECTS)('listAssetUsers search (%s)', (dialect) => {
  let t: TestApp;
  let user: string;
  let admin: string;
  const search = async (filter: string, session: string) => {
    const res = await call(t, account.listAssetUsers, { filter }, { session });
    return { status: res.statusCode, body: res.json() as Listed };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'secret.person@hidden-mail.org', password: 'person password', firstName: 'Vera', lastName: 'Valdez' });
    await createUser(t, { email: 'admin@example.org', password: 'admin password', firstName: 'Ann', lastName: 'Admin', appAdmin: true });
    await createUser(t, { email: 'user@example.org', password: 'user password', firstName: 'Ulla', lastName: 'User' });
    user = (await logIn(t, 'user@example.org', 'user password')).session;
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
  });
  afterAll(() => t.close());

  it('finds nobody by e-mail for a non-administrator: the address stays unknown', async () => {
    for (const filter of ['secret.person@hidden-mail.org', 'hidden-mail', 'secret.person']) {
      const res = await search(filter, user);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ users: [], total: 0 });
    }
  });

  it('finds people by name for a non-administrator', async () => {
    const res = await search('valdez', user);
    expect(res.body.users.map((u) => u.name)).toEqual(['Vera Valdez']);
  });

  it('refuses a non-administrator search shorter than three characters with a 400 that says so', async () => {
    for (const filter of ['', 'v', ' va ']) {
      const res = await search(filter, user);
      expect(res.status).toBe(400);
      expect(res.body.Error?.message).toBe('filter: type at least 3 characters of a name');
    }
  });

  it('lets an administrator search e-mail addresses and list everyone', async () => {
    expect((await search('hidden-mail', admin)).body.users.map((u) => u.name)).toEqual(['Vera Valdez']);
    expect((await search('', admin)).body.total).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '@chi/contract';
import { call, createUser, logIn } from '../../test/account-kit';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

describe.each(TEST_DIALECTS)('the profile image (%s)', (dialect) => {
  let t: TestApp;
  let mine: { session: string; userId: string };
  let other: { session: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'pictured@example.org', password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });
    await createUser(t, { email: 'other@example.org', password: 'correct horse battery' });
    mine = await logIn(t, 'pictured@example.org', 'correct horse battery');
    other = await logIn(t, 'other@example.org', 'correct horse battery');
    const at = new Date().toISOString();
    for (const [id, owner] of [['upMine', mine.userId], ['upOther', other.userId]] as const) {
      await t.database.db
        .insertInto('uploads')
        .values({ id, app_id: 'app', owner_id: owner, original_name: `${id}.png`, file_name: `${id}.png`, content_type: 'image/png', size: 10, created_at: at })
        .execute();
    }
  });
  afterAll(() => t.close());

  const resumed = async () => ((await call(t, account.resumeSession, {}, { session: mine.session })).json() as { User: { imageUrl?: string | null } }).User;

  it('keeps an http(s) image on the account: the session answers it after a new load', async () => {
    const res = await call(t, account.setProfileImage, { imageUrl: ' https://example.org/me.png ' }, { session: mine.session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada Lovelace', imageUrl: 'https://example.org/me.png' });
    expect((await resumed()).imageUrl).toBe('https://example.org/me.png');
  });

  it('takes one of my uploads, never someone else\'s', async () => {
    expect((await call(t, account.setProfileImage, { imageUrl: '/uploads/upMine' }, { session: mine.session })).statusCode).toBe(200);
    expect((await resumed()).imageUrl).toBe('/uploads/upMine');
    const theirs = await call(t, account.setProfileImage, { imageUrl: '/uploads/upOther' }, { session: mine.session });
    expect(theirs.statusCode).toBe(400);
    expect((await resumed()).imageUrl).toBe('/uploads/upMine');
  });

  it('null goes back to the default avatar', async () => {
    const res = await call(t, account.setProfileImage, { imageUrl: null }, { session: mine.session });
    expect(res.statusCode).toBe(200);
    expect((await resumed()).imageUrl).toBeNull();
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '/uploads/../etc/passwd', 'not a url', 42, `https://example.org/${'a'.repeat(2100)}`])(
    'refuses %j with a 400',
    async (imageUrl) => {
      const res = await call(t, account.setProfileImage, { imageUrl }, { session: mine.session });
      expect(res.statusCode).toBe(400);
      expect(res.json().Error.message).toMatch(/imageUrl/);
    },
  );

  it('needs a login, and changes only the caller\'s own account', async () => {
    expect((await call(t, account.setProfileImage, { imageUrl: null })).statusCode).toBe(401);
    await call(t, account.setProfileImage, { imageUrl: 'https://example.org/other.png' }, { session: other.session });
    const row = await t.database.db.selectFrom('accounts').select('profile_image_url').where('id', '=', mine.userId).executeTakeFirstOrThrow();
    expect(row.profile_image_url).toBeNull();
  });
});

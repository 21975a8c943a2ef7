import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortLinks } from '@chi/contract';
import { call, createUser, logIn } from '../../test/account-kit';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { newShortCode } from './short-links.routes';

describe.each(TEST_DIALECTS)('short links (%s)', (dialect) => {
  let t: TestApp;
  let session: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'linker@example.org', password: 'correct horse battery' });
    session = (await logIn(t, 'linker@example.org', 'correct horse battery')).session;
  });
  afterAll(() => t.close());

  it('creates a short URL on the request origin that redirects to the target', async () => {
    const res = await call(t, shortLinks.create, { url: 'https://example.org/a?b=1#c' }, { session });
    expect(res.statusCode).toBe(200);
    const { code, shortUrl } = res.json() as { code: string; shortUrl: string };
    expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(shortUrl).toBe(`http://app.chi.localhost/s/${code}`);
    const redirect = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.org/a?b=1#c');
  });

  it('answers the same code for the same URL and user', async () => {
    const first = (await call(t, shortLinks.create, { url: 'http://example.org/same' }, { session })).json() as { code: string };
    const second = (await call(t, shortLinks.create, { url: 'http://example.org/same' }, { session })).json() as { code: string };
    expect(second.code).toBe(first.code);
  });

  it('lets anonymous visitors create links, rate-limited per address', async () => {
    const anonymous = (n: number) => call(t, shortLinks.create, { url: `https://example.org/${n}` }, { remoteAddress: '10.9.8.7' });
    expect((await anonymous(0)).statusCode).toBe(200);
    let last = 200;
    for (let i = 1; i <= 40 && last === 200; i += 1) last = (await anonymous(i)).statusCode;
    expect(last).toBe(429);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.org/x', '/relative', 'not a url', `https://example.org/${'a'.repeat(2100)}`])(
    'refuses %s',
    async (url) => {
      const res = await call(t, shortLinks.create, { url }, { session });
      expect(res.statusCode).toBe(400);
    },
  );

  it('shows a small "Link not found" page for unknown codes', async () => {
    for (const code of ['ZZZZZZZZ', 'short', '..%2F..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/s/${code}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('Link not found');
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('leaves delphi\'s study links (/s/<slug>) to its page, and still says so on other hosts', async () => {
    const study = await t.app.inject({ method: 'GET', url: '/s/memory-pilot', headers: { host: 'delphi.chi.localhost' } });
    expect(study.body).not.toContain('Link not found');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/s/memory-pilot', headers: { host: 'app.chi.localhost' } });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).toContain('Link not found');
  });

  it('never follows a stored non-http URL', async () => {
    await t.database.db.insertInto('short_links').values({ code: 'Evil1234', url: 'javascript:alert(1)', owner_id: null, created_at: new Date().toISOString() }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/s/Evil1234' });
    expect(res.statusCode).toBe(404);
  });

  it('lists only my own links, newest first, with their short URLs', async () => {
    await createUser(t, { email: 'lister@example.org', password: 'correct horse battery' });
    const mine = (await logIn(t, 'lister@example.org', 'correct horse battery')).session;
    const first = (await call(t, shortLinks.create, { url: 'https://example.org/first' }, { session: mine })).json() as { code: string };
    const second = (await call(t, shortLinks.create, { url: 'https://example.org/second' }, { session: mine })).json() as { code: string };
    await call(t, shortLinks.create, { url: 'https://example.org/not-mine' }, { session });
    const res = await call(t, shortLinks.listMine, {}, { session: mine });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { links: { code: string; url: string; shortUrl: string; createdAt: string }[]; total: number };
    expect(body.total).toBe(2);
    expect(body.links.map((link) => link.url).sort()).toEqual(['https://example.org/first', 'https://example.org/second']);
    expect(body.links.map((link) => link.code).sort()).toEqual([first.code, second.code].sort());
    for (const link of body.links) expect(link.shortUrl).toBe(`http://app.chi.localhost/s/${link.code}`);
    const page = (await call(t, shortLinks.listMine, { limit: 1, offset: 1 }, { session: mine })).json() as { links: unknown[]; total: number };
    expect(page).toMatchObject({ total: 2 });
    expect(page.links).toHaveLength(1);
    expect((await call(t, shortLinks.listMine, { limit: 0 }, { session: mine })).statusCode).toBe(400);
  });

  it('deletes only my own link: it stops redirecting; someone else\'s, anonymous or unknown codes answer 404 or 401', async () => {
    await createUser(t, { email: 'deleter@example.org', password: 'correct horse battery' });
    const mine = (await logIn(t, 'deleter@example.org', 'correct horse battery')).session;
    const { code } = (await call(t, shortLinks.create, { url: 'https://example.org/to-delete' }, { session: mine })).json() as { code: string };
    const others = (await call(t, shortLinks.create, { url: 'https://example.org/others' }, { session })).json() as { code: string };

    expect((await call(t, shortLinks.remove, {}, { id: code })).statusCode).toBe(401);
    expect((await call(t, shortLinks.remove, {}, { id: code, session })).statusCode).toBe(404);
    expect((await call(t, shortLinks.remove, {}, { id: others.code, session: mine })).statusCode).toBe(404);
    expect((await call(t, shortLinks.remove, {}, { id: 'not-a-code!', session: mine })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/s/${others.code}` })).statusCode).toBe(302);

    const deleted = await call(t, shortLinks.remove, {}, { id: code, session: mine });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ _status: 'deleted' });
    expect((await t.app.inject({ method: 'GET', url: `/s/${code}` })).statusCode).toBe(404);
    expect(((await call(t, shortLinks.listMine, {}, { session: mine })).json() as { total: number }).total).toBe(0);
    expect((await call(t, shortLinks.remove, {}, { id: code, session: mine })).statusCode).toBe(404);
  });

  it('lists nothing for an anonymous caller', async () => {
    expect((await call(t, shortLinks.listMine, {})).statusCode).toBe(401);
  });

  it('makes codes of 8 base62 characters', () => {
    const codes = new Set(Array.from({ length: 500 }, newShortCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
  });
});

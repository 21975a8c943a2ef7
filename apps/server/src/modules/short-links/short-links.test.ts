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

  it('never follows a stored non-http URL', async () => {
    await t.database.db.insertInto('short_links').values({ code: 'Evil1234', url: 'javascript:alert(1)', owner_id: null, created_at: new Date().toISOString() }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/s/Evil1234' });
    expect(res.statusCode).toBe(404);
  });

  it('makes codes of 8 base62 characters', () => {
    const codes = new Set(Array.from({ length: 500 }, newShortCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
  });
});

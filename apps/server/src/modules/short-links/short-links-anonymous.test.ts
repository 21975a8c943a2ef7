/** Issue 24 item 10: an anonymous short link is no open redirect on our domain. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortLinks } from '@chi/contract';
import { call, createUser, logIn } from '../../test/account-kit';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

describe.each(TEST_DIALECTS)('anonymous short links (%s)', (dialect) => {
  let t: TestApp;
  const shorten = async (url: string, session?: string) => {
    const res = await call(t, shortLinks.create, { url }, session === undefined ? {} : { session });
    expect(res.statusCode).toBe(200);
    return (res.json() as { code: string }).code;
  };
  const open = (code: string, language = 'en') => t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'accept-language': language } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('shows where an anonymous link to another site leads instead of redirecting there', async () => {
    const res = await open(await shorten('https://evil.example/login?next=<b>"x"</b>'));
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('You are leaving this site');
    expect(res.body).toContain('href="https://evil.example/login?next=&lt;b&gt;&quot;x&quot;&lt;/b&gt;"');
    expect(res.body).toContain('Continue to evil.example');
    expect(res.body).not.toContain('<b>');
  });

  it('speaks Danish to a Danish browser', async () => {
    const res = await open(await shorten('https://example.net/da'), 'da-DK,da;q=0.9');
    expect(res.body).toContain('<html lang="da">');
    expect(res.body).toContain('Du er ved at forlade dette websted');
    expect(res.body).toContain('Fortsæt til example.net');
  });

  it('still redirects an anonymous link that stays on our own hosts', async () => {
    const res = await open(await shorten('http://delphi.chi.localhost/?participantId=P1'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://delphi.chi.localhost/?participantId=P1');
  });

  it("redirects a signed-in user's link at once: its maker answers for it", async () => {
    await createUser(t, { email: 'maker@example.org', password: 'correct horse battery' });
    const { session } = await logIn(t, 'maker@example.org', 'correct horse battery');
    const res = await open(await shorten('https://example.org/mine', session));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.org/mine');
  });
});

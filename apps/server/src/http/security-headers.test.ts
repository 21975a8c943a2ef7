import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@chi/contract';
import { TEST_DIALECTS, XHR_HEADERS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const PARENTS = 'https://study.example.org,http://localhost:5173';
const CSP_START =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://www.gravatar.com; " +
  "font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; ";

describe.each(TEST_DIALECTS)('security headers (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { STUDY_PARENT_ORIGINS: PARENTS } });
  });
  afterAll(() => t.close());

  const get = (host: string, url = `${API_BASE}/health`) => t.app.inject({ method: 'GET', url, headers: { host } });

  it('sends the common headers on every kind of answer', async () => {
    const answers = [
      await get('app.chi.localhost:8080'),
      await get('app.chi.localhost:8080', `${API_BASE}/nope`),
      await get('app.chi.localhost:8080', '/some/page'),
      await t.app.inject({ method: 'POST', url: `${API_BASE}/health`, headers: { host: 'app.chi.localhost' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 503, 403]);
    for (const response of answers) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['permissions-policy']).toBe('microphone=(self), camera=(), geolocation=()');
      expect(response.headers['content-security-policy']).toMatch(new RegExp(`^${CSP_START.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
  });

  it.each(['app.chi.localhost:8080', 'chi.localhost', 'localhost:8080', 'assistants.research.example.org', '127.0.0.1:8080'])(
    'forbids framing on %s',
    async (host) => {
      const response = await get(host);
      expect(response.headers['content-security-policy']).toBe(`${CSP_START}frame-ancestors 'none'`);
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('lets the configured study parents frame the delphi app, with no X-Frame-Options', async () => {
    for (const host of ['delphi.chi.localhost:8080', 'DELPHI.research.example.org']) {
      const response = await get(host, '/QuizTime');
      expect(response.headers['content-security-policy']).toBe(
        `${CSP_START}frame-ancestors 'self' https://study.example.org http://localhost:5173`,
      );
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('sends no Strict-Transport-Security over plain HTTP', async () => {
    expect((await get('app.chi.localhost')).headers['strict-transport-security']).toBeUndefined();
  });

  it('marks API answers as not to be stored', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/config`, headers: XHR_HEADERS });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('delphi framing without study parents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it("allows only 'self'", async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/health`, headers: { host: 'delphi.chi.localhost' } });
    expect(response.headers['content-security-policy']).toBe(`${CSP_START}frame-ancestors 'self'`);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});

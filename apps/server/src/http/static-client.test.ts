import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ERRORS, errorBody } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const INDEX = '<!doctype html><html><head><title>CHI fixture</title></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("chi fixture asset");';
const SECRET = 'top-secret-outside-dist';

/** A miniature Vite build next to a file that must never be served. */
function makeFixture(): { root: string; dist: string } {
  const root = mkdtempSync(join(tmpdir(), 'chi-static-test-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'chi-app-3f9a1c.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'secret.txt'), SECRET);
  return { root, dist };
}

describe.each(TEST_DIALECTS)('static web client (%s)', (dialect) => {
  let t: TestApp;
  const fixture = makeFixture();
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { WEB_DIST_DIR: fixture.dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(fixture.root, { recursive: true, force: true });
  });

  const get = (url: string, host = 'app.chi.localhost:8080') => t.app.inject({ method: 'GET', url, headers: { host } });

  it('serves index.html at / for every host, revalidated on each load', async () => {
    for (const host of ['app.chi.localhost:8080', 'delphi.chi.localhost:8080', 'chi.localhost:8080']) {
      const response = await get('/', host);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await get('/assets/chi-app-3f9a1c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('serves other files of the build without long caching', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/some/deep/path', '/resetPassword/abc?modal=login', '/api', '/api/', '/index.html'])(
    'answers %s with index.html (SPA fallback)',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('answers HEAD for a page path like GET, without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/Data' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('answers a missing asset with a plain 404, not the page', async () => {
    const response = await get('/assets/x.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toContain('<html');
  });

  it('answers an unknown API path with the JSON 404, not HTML', async () => {
    const response = await get(`${API_BASE}/nope`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(errorBody(ERRORS.notFound));
  });

  it.each(['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/../secret.txt'])(
    'never serves a file outside the build folder (%s)',
    async (url) => {
      const response = await get(url);
      expect(response.body).not.toContain(SECRET);
      expect([200, 403, 404]).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.body).toBe(INDEX);
    },
  );
});

describe('web client not built', () => {
  const root = mkdtempSync(join(tmpdir(), 'chi-static-missing-'));
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['the folder is missing', join(root, 'nothing-here')],
    ['index.html is missing', root],
  ])('answers page requests with 503 when %s, and the API still works', async (_case, dir) => {
    const t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dir } });
    apps.push(t);
    for (const url of ['/', '/some/page', '/assets/chi-app.js']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/plain/);
      expect(page.body).toContain('npm run build');
    }
    const health = await t.app.inject({ method: 'GET', url: `${API_BASE}/health` });
    expect(health.statusCode).toBe(200);
  });
});

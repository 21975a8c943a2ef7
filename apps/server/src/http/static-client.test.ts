import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ERRORS, errorBody } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const INDEX = '<!doctype html><html><head><title>CHI fixture</title></head><body><div id="root"></div></body></html>';
// The build's page for the api host: index.html with preload links for its chunks.
const HOME_API = '<!doctype html><html><head><link rel="modulepreload" href="/assets/chi-api-1.js"></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("chi fixture asset");';
const SECRET = 'top-secret-outside-dist';
// Above the API compression threshold, with no .br/.gz beside it: must still go out as it is.
const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(600)}</svg>`;
const ASSET = '/assets/chi-app-3f9a1c.js';

/** What the build's precompress plugin writes beside a file. */
function writeWithVariants(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

/** A miniature Vite build next to a file that must never be served. */
function makeFixture(): { root: string; dist: string } {
  const root = mkdtempSync(join(tmpdir(), 'chi-static-test-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeWithVariants(join(dist, 'index.html'), INDEX);
  writeWithVariants(join(dist, 'home-api.html'), HOME_API);
  writeWithVariants(join(dist, 'assets', 'chi-app-3f9a1c.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.svg'), ICON);
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
  const getEncoded = (url: string, acceptEncoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'delphi.chi.localhost:8080', 'accept-encoding': acceptEncoding } });

  it('sends the brotli file of a hashed asset to a browser that accepts it', async () => {
    const response = await getEncoded(ASSET, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    // Decompressing once gives the file: the prebuilt bytes, not compressed a second time.
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it.each([
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.8', 'gzip'],
    ['br;q=0.9, gzip;q=0.9', 'br'],
    ['*', 'gzip'],
  ])('negotiates Accept-Encoding %j to %s', async (acceptEncoding, expected) => {
    const response = await getEncoded(ASSET, acceptEncoding);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const body = expected === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
    expect(body.toString()).toBe(SCRIPT);
  });

  it.each(['identity', 'br;q=0, gzip;q=0', 'compress'])('sends the original when %j accepts neither brotli nor gzip', async (acceptEncoding) => {
    const response = await getEncoded(ASSET, acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    expect(response.body).toBe(SCRIPT);
  });

  it.each(['/', '/some/deep/path?modal=login'])('sends index.html compressed at %s, still revalidated', async (url) => {
    const response = await getEncoded(url, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it.each(['/', '/api', '/api/', '/some/deep/path?modal=login'])(
    'sends the api host its own page with preload links at %s, compressed and revalidated',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'api.chi.localhost:8080', 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(HOME_API);
    },
  );

  it('sends a file the build did not compress as it is, never compressed on the fly', async () => {
    const response = await getEncoded('/favicon.svg', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(ICON));
    expect(response.body).toBe(ICON);
  });

  it('serves index.html at / for every host, revalidated on each load', async () => {
    for (const host of ['app.chi.localhost:8080', 'delphi.chi.localhost:8080', 'chi.localhost:8080']) {
      const response = await get('/', host);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    }
  });

  it('answers a host naming no app (foo.chi.localhost) with the MODULE_NOT_FOUND page, not the showcase (ADR 049)', async () => {
    for (const url of ['/', '/some/page']) {
      const response = await get(url, 'foo.chi.localhost:8080');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('MODULE_NOT_FOUND');
      expect(response.body).toContain('There is no app called “foo”.');
      expect(response.body).toContain('<a href="http://chi.localhost:8080">Go to the showcase</a>');
      expect(response.body).toContain('<a href="http://delphi.chi.localhost:8080">delphi</a>');
    }
    const danish = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'foo.chi.localhost', cookie: 'chi_language=dk' } });
    expect(danish.body).toContain('<html lang="da">');
    expect(danish.body).toContain('Der findes ingen app ved navn “foo”.');
    expect(danish.body).toContain('<a href="http://chi.localhost">Gå til showcasen</a>');
    const hostile = await get('/', 'x<b>y.chi.localhost');
    expect(hostile.body).not.toContain('<b>');
    // The bare domain, www. and plain hosts still show the showcase's page (DESIGN §5).
    for (const host of ['chi.localhost:8080', 'www.chi.localhost:8080', 'localhost:8080', '127.0.0.1:8080']) {
      const response = await get('/', host);
      expect(response.statusCode, host).toBe(200);
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
    const response = await get('/home-api.html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the favicon with a month-long cache, and /favicon.ico sends browsers to it (issue 25: a 404 on every page)', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=2592000');
    const classic = await get('/favicon.ico');
    expect(classic.statusCode).toBe(301);
    expect(classic.headers.location).toBe('/favicon.svg');
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

// ADR 023: the build's prerendered landing pages, per app and language, and their manifest.
const PRE_HOME_DELPHI = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const prerenderedPage = (app: string, language: string, extra = '') =>
  `<!doctype html><html lang="${language === 'dk' ? 'da' : 'en'}"><head></head><body><div id="root" data-prerendered="${app}"><h1>${app} ${language}</h1>${extra}</div></body></html>`;
// What the showcase's links look like when rendered at build time (apps/web/src/prerender.tsx).
const SHOWCASE_LINKS = '<a href="http://delphi.chi-prerender.invalid">Delphi</a><a href="http://api.chi-prerender.invalid">API</a>';

function makePrerenderedFixture(): { root: string; dist: string } {
  const root = mkdtempSync(join(tmpdir(), 'chi-prerender-test-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeWithVariants(join(dist, 'index.html'), INDEX);
  writeWithVariants(join(dist, 'home-delphi.html'), PRE_HOME_DELPHI);
  writeWithVariants(join(dist, 'home-api.html'), HOME_API);
  for (const language of ['en', 'dk']) {
    writeWithVariants(join(dist, `home-delphi.${language}.html`), prerenderedPage('delphi', language));
    writeWithVariants(join(dist, `home-api.${language}.html`), prerenderedPage('api', language));
    writeWithVariants(join(dist, `home-showcase.${language}.html`), prerenderedPage('showcase', language, SHOWCASE_LINKS));
  }
  const manifest = {
    delphi: { path: '/', languages: ['en', 'dk'] },
    api: { path: '/api', languages: ['en', 'dk'] },
    showcase: { path: '/', languages: ['en', 'dk'] },
  };
  writeWithVariants(join(dist, 'prerendered.json'), JSON.stringify(manifest));
  return { root, dist };
}

describe.each(TEST_DIALECTS)('prerendered landing pages (%s)', (dialect) => {
  let t: TestApp;
  const fixture = makePrerenderedFixture();
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { WEB_DIST_DIR: fixture.dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(fixture.root, { recursive: true, force: true });
  });

  const page = (host: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': 'gzip, br', ...headers } });
  const html = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString() : response.rawPayload.toString();

  it('sends a host its landing page prerendered in English without a language cookie, varying by Cookie', async () => {
    const response = await page('delphi.chi.localhost:8080', '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(html(response)).toBe(prerenderedPage('delphi', 'en'));
  });

  it.each([
    ['chi_language=dk', 'dk'],
    ['other=1; chi_language=dk', 'dk'],
    ['chi_language=en', 'en'],
    ['chi_language=fr', 'en'],
  ])('picks the language from the cookie %j (%s), as the client does', async (cookie, language) => {
    const response = await page('delphi.chi.localhost:8080', '/', { cookie });
    expect(html(response)).toBe(prerenderedPage('delphi', language));
  });

  it("sends the api host's landing page at /api, and its plain page at /", async () => {
    expect(html(await page('api.chi.localhost:8080', '/api', { cookie: 'chi_language=dk' }))).toBe(prerenderedPage('api', 'dk'));
    expect(html(await page('api.chi.localhost:8080', '/'))).toBe(HOME_API);
  });

  it('sends a logged-in person (a session cookie) the plain page: the prerendered one is a visitor\'s (ADR 040)', async () => {
    const response = await page('delphi.chi.localhost:8080', '/', { cookie: 'chi_language=dk; chi_session=abc' });
    expect(response.statusCode).toBe(200);
    // The same address answers visitors with the prerendered page: caches keep them apart.
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(html(response)).toBe(PRE_HOME_DELPHI);
    // An empty cookie is no session.
    expect(html(await page('delphi.chi.localhost:8080', '/', { cookie: 'chi_session=' }))).toBe(prerenderedPage('delphi', 'en'));
  });

  it.each(['/?participantId=p1', '/Data', '/some/deep/path'])('sends the plain page (no prerender) at %s: only the bare landing path is prerendered', async (url) => {
    const response = await page('delphi.chi.localhost:8080', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(html(response)).toBe(PRE_HOME_DELPHI);
  });

  it('a host without a prerendered page gets index.html as before', async () => {
    expect(html(await page('ccf.chi.localhost:8080', '/'))).toBe(INDEX);
  });

  it("writes the request's protocol, domain and port into a page's links to the other apps", async () => {
    const response = await page('showcase.chi.localhost:8080', '/');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const body = html(response);
    expect(body).toContain('<a href="http://delphi.chi.localhost:8080">Delphi</a><a href="http://api.chi.localhost:8080">API</a>');
    expect(body).not.toContain('chi-prerender.invalid');
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'chi.example.org', 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<a href="http://delphi.chi.example.org">Delphi</a>');
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'showcase.chi.example.org:9', 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<a href="http://api.chi.example.org:9">API</a>');
  });

  it('never writes a host it would not trust into a page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'showcase.chi.localhost"><script>x</script>' } });
    expect(response.body).not.toContain('<script>x</script>');
  });
});

describe.each(TEST_DIALECTS)('a page file missing while the build rewrites dist/ (%s)', (dialect) => {
  let t: TestApp;
  const fixture = makePrerenderedFixture();
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { WEB_DIST_DIR: fixture.dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(fixture.root, { recursive: true, force: true });
  });

  const remove = (file: string) => {
    for (const suffix of ['', '.br', '.gz']) rmSync(join(fixture.dist, file + suffix), { force: true });
  };
  const page = (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host, cookie: 'chi_language=dk', 'accept-encoding': 'identity' } });

  it('answers the plain page, never a 500 (issue 25: `ENOENT home-delphi.dk.html`), and 503 when even index.html is gone', async () => {
    remove('home-delphi.dk.html');
    remove('home-showcase.dk.html');
    const delphi = await page('delphi.chi.localhost:8080');
    expect(delphi.statusCode).toBe(200);
    expect(delphi.body).toBe(PRE_HOME_DELPHI);
    // The showcase's page is rewritten per host (host-pages.ts); with no host page it is index.html.
    const showcase = await page('showcase.chi.localhost:8080');
    expect(showcase.statusCode).toBe(200);
    expect(showcase.body).toBe(INDEX);
    remove('home-delphi.html');
    expect((await page('delphi.chi.localhost:8080')).body).toBe(INDEX);
    remove('index.html');
    const none = await page('delphi.chi.localhost:8080');
    expect(none.statusCode).toBe(503);
    expect(none.body).toContain('npm run build');
  });
});

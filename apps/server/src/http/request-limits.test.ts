/**
 * Issue 24 items 12 and 17: the sandboxing CSP of `/uploads/:id` survives the global header
 * hook, and a JSON body nested deeper than any call needs answers 400 with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, account, documents } from '@chi/contract';
import { createTestApp, TEST_DIALECTS, XHR_HEADERS } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { createUser, logIn } from '../test/account-kit';
import { MAX_JSON_DEPTH } from './json-body';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);

function imageUpload(content: Buffer): { payload: Buffer; contentType: string } {
  const boundary = '----chi-csp-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(TEST_DIALECTS)('request limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('serves an uploaded file with the sandboxing CSP, not the pages’ CSP', async () => {
    await createUser(t, { email: 'csp@example.org', password: 'correct horse battery' });
    const { session } = await logIn(t, 'csp@example.org', 'correct horse battery');
    const { payload, contentType } = imageUpload(PNG);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/actions/assistants/action/upload`,
      headers: { ...XHR_HEADERS, cookie: `chi_session=${session}`, 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json<{ files: { url: string }[] }>().files[0]?.url ?? '';
    for (const host of ['app.chi.localhost', 'delphi.chi.localhost']) {
      const served = await t.app.inject({ method: 'GET', url, headers: { host } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    // Every other answer keeps the pages' policy.
    const health = await t.app.inject({ method: 'GET', url: `${API_BASE}/health`, headers: { host: 'app.chi.localhost' } });
    expect(health.headers['content-security-policy']).toMatch(/^default-src 'self'; /);
  });

  const login = (payload: string) =>
    t.app.inject({ method: 'POST', url: `${API_BASE}${account.login.path}`, headers: { ...XHR_HEADERS, host: 'app.chi.localhost', 'content-type': 'application/json' }, payload });

  it('answers 400 to a JSON body nested 20,000 deep, naming the limit', async () => {
    // A document takes any JSON: there the nesting reached the stored row's checks and answered 500.
    const { session } = await logIn(t, 'csp@example.org', 'correct horse battery');
    const deepDoc = `{"_appId":"ccf","_dataType":"Thing","_id":"deep","data":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    const doc = await t.app.inject({
      method: 'POST',
      url: API_BASE + documents.documentPath(documents.create, 'ccf', 'Thing'),
      headers: { ...XHR_HEADERS, host: 'app.chi.localhost', cookie: `chi_session=${session}`, 'content-type': 'application/json' },
      payload: deepDoc,
    });
    expect(doc.statusCode).toBe(400);
    expect(doc.json<{ Error: { message: string } }>().Error.message).toBe(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    const res = await login(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Error: { message: string } }>().Error.message).toBe(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('still reads bodies at the depth limit, and brackets inside strings do not count', async () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH - 1)}1${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    const atLimit = await login(JSON.stringify({ email: 'x@example.org', password: 'p', note: JSON.parse(deep) as unknown, text: '[[[[{{{{'.repeat(1000) }));
    expect(atLimit.statusCode).not.toBe(500);
    expect(atLimit.json<{ Error: { message: string } }>().Error.message).not.toMatch(/nested deeper/);
  });
});

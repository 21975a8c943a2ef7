import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, ERRORS, VALIDATION_ERROR_NAME, defineAction, errorBody } from '@chi/contract';
import { TEST_DIALECTS, XHR_HEADERS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { errorInfoFor } from './error-handler';
import { registerHandler } from './registrar';

const save = defineAction({
  name: 'TEST_SAVE',
  summary: 'Accepts a JSON body.',
  app: 'delphi',
  dataType: 'Test',
  endpoint: 'save',
  input: z.object({ text: z.string() }),
  output: z.object({ length: z.number() }),
  access: 'public',
});

describe.each(TEST_DIALECTS)('error handling (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    registerHandler(t.app, save, async ({ text }) => ({ length: text.length }));
  });
  afterAll(() => t.close());

  const savePath = API_BASE + save.path;

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'answers %s to an unknown action path with 404 Service action not found.',
    async (method) => {
      const response = await t.app.inject({ method, url: `${API_BASE}/actions/app/Nothing/action/here`, headers: XHR_HEADERS });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(errorBody(ERRORS.notFound));
    },
  );

  it('answers 404 for any unknown path under /api/, versioned or not', async () => {
    for (const url of [`${API_BASE}/nope`, '/api/v2/health', '/api/anything?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual(errorBody(ERRORS.notFound));
    }
  });

  it('answers a known path called with the wrong method with the same 404', async () => {
    const postHealth = await t.app.inject({ method: 'POST', url: `${API_BASE}/health`, headers: XHR_HEADERS, payload: {} });
    expect(postHealth.statusCode).toBe(404);
    expect(postHealth.json()).toEqual(errorBody(ERRORS.notFound));
    const getSave = await t.app.inject({ method: 'GET', url: savePath });
    expect(getSave.statusCode).toBe(404);
    expect(getSave.json()).toEqual(errorBody(ERRORS.notFound));
  });

  it('answers a malformed JSON body with 400 saying so', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: savePath,
      headers: { ...XHR_HEADERS, 'content-type': 'application/json' },
      payload: '{"text": "unterminated',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Error).toMatchObject({ name: VALIDATION_ERROR_NAME, code: 400 });
    expect(response.json().Error.message).toContain('not valid JSON');
  });

  it('refuses a prototype-poisoning body as invalid JSON, not with a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: savePath,
      headers: { ...XHR_HEADERS, 'content-type': 'application/json' },
      payload: '{"text":"x","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers a body over the limit with 413 and a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: savePath,
      headers: XHR_HEADERS,
      payload: { text: 'x'.repeat(1024 * 1024 + 1) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().Error).toEqual({
      name: 'Payload Too Large',
      message: 'The request body is too large: the limit is 1 MB.',
      code: 413,
    });
  });

  it('answers a form-encoded body with 415 and a plain-text body with 400 naming the body', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: savePath,
      headers: { ...XHR_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=hello',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().Error.code).toBe(415);
    const text = await t.app.inject({
      method: 'POST',
      url: savePath,
      headers: { ...XHR_HEADERS, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().Error.message).toMatch(/^body: /);
  });

  it('never answers 500 to a malformed URL', async () => {
    for (const url of [`${API_BASE}/actions/%E0%A4%A`, '/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().Error.code, url).toBe(400);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('errorInfoFor', () => {
  it('maps a zod failure thrown inside a handler to a 400 naming the field', () => {
    const result = z.object({ email: z.string() }).safeParse({});
    expect(result.success).toBe(false);
    const info = errorInfoFor(result.error, 1024);
    expect(info.code).toBe(400);
    expect(info.message).toMatch(/^email: /);
  });

  it('hides the message of a 4xx error that is not written for clients', () => {
    const error = Object.assign(new Error('select * from secret_table failed'), { statusCode: 422 });
    expect(errorInfoFor(error, 1024)).toEqual({ name: 'Bad Request', message: 'The request could not be processed.', code: 422 });
  });

  it('treats anything unknown as a 500', () => {
    expect(errorInfoFor('boom', 1024)).toEqual(ERRORS.serverError);
    expect(errorInfoFor(new TypeError('x is undefined'), 1024)).toEqual(ERRORS.serverError);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, APP_ADMIN_FLAG, CONTRACT_HEADER, ERRORS, VALIDATION_ERROR_NAME, contractFingerprint, defineAction, defineRoute, errorBody } from '@chi/contract';
import type { system } from '@chi/contract';
import { LogCapture } from '../test/log-capture';
import { TEST_DIALECTS, XHR_HEADERS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { AppError } from './app-error';
import { missingHandlers, registerHandler } from './registrar';
import type { HandlerFor } from './registrar';

// Test-only descriptors, registered on a fresh app through the same registrar as the real ones.
const echo = defineAction({
  name: 'TEST_ECHO',
  summary: 'Echoes a name.',
  app: 'app',
  dataType: 'Test',
  endpoint: 'echo',
  input: z.object({ name: z.string().min(1), tags: z.array(z.string()).optional() }),
  output: z.object({ greeting: z.string() }),
  access: 'public',
});
const search = defineRoute({
  name: 'TEST_SEARCH',
  summary: 'Reads a page number from the query string.',
  path: '/test/search',
  input: z.object({ page: z.coerce.number().int().min(1) }),
  output: z.object({ page: z.number() }),
  access: 'public',
});
const item = defineAction({
  name: 'TEST_ITEM',
  summary: 'Needs a logged-in caller and an id.',
  app: 'app',
  dataType: 'Test',
  endpoint: 'get',
  method: 'GET',
  withId: true,
  input: z.object({}),
  output: z.object({ id: z.string() }),
  access: 'read',
});
const admin = defineAction({
  name: 'TEST_ADMIN',
  summary: 'Needs an app admin.',
  app: 'app',
  endpoint: 'admin',
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
  access: 'manageApp',
});
const broken = defineAction({
  name: 'TEST_BROKEN',
  summary: 'Fails unexpectedly.',
  app: 'app',
  endpoint: 'broken',
  input: z.object({}),
  output: z.object({}),
  access: 'public',
});
const busy = defineAction({
  name: 'TEST_BUSY',
  summary: 'Fails on purpose with a catalogue error.',
  app: 'app',
  endpoint: 'busy',
  input: z.object({}),
  output: z.object({}),
  access: 'public',
});
const sloppy = defineAction({
  name: 'TEST_SLOPPY',
  summary: 'Returns output outside its schema.',
  app: 'app',
  endpoint: 'sloppy',
  input: z.object({}),
  output: z.object({ count: z.number() }),
  access: 'public',
});

describe('handler types', () => {
  it('come from the descriptor (checked by tsc: each @ts-expect-error must be an error)', () => {
    const ok: HandlerFor<typeof system.health> = async () => ({ status: 'ok', database: 'sqlite', version: '1' });
    // @ts-expect-error status is the literal 'ok'
    const wrongLiteral: HandlerFor<typeof system.health> = async () => ({ status: 'fine', database: 'sqlite', version: '1' });
    // @ts-expect-error version is missing
    const missingField: HandlerFor<typeof system.health> = async () => ({ status: 'ok', database: 'sqlite' });
    // @ts-expect-error the input has no such field
    const wrongInput: HandlerFor<typeof echo> = async ({ nickname }) => ({ greeting: String(nickname) });
    expect([ok, wrongLiteral, missingField, wrongInput]).toHaveLength(4);
  });
});

describe.each(TEST_DIALECTS)('descriptor registrar (%s)', (dialect) => {
  let t: TestApp;
  const logs = new LogCapture();
  beforeAll(async () => {
    t = await createTestApp(dialect, { logStream: logs, logLevel: 'error' });
    // Stands in for the accounts module: the caller is described by test headers.
    t.app.addHook('onRequest', async (request) => {
      if (request.headers['x-test-user'] === 'user') request.user = { id: 'u1' };
      if (request.headers['x-test-user'] === 'admin') request.user = { id: 'u2', [APP_ADMIN_FLAG]: true };
    });
    registerHandler(t.app, echo, async ({ name, tags }) => ({ greeting: `Hello ${name}${tags ? ` ${tags.join(',')}` : ''}` }));
    registerHandler(t.app, search, async ({ page }) => ({ page }));
    registerHandler(t.app, item, async (_input, { id }) => ({ id: id ?? '' }));
    registerHandler(t.app, admin, async () => ({ ok: true }));
    registerHandler(t.app, broken, async () => {
      throw new Error('database password is hunter2');
    });
    registerHandler(t.app, busy, async () => {
      throw new AppError(ERRORS.scoresNotReady);
    });
    // Deliberately wrong at runtime to check the registrar's output guard.
    registerHandler(t.app, sloppy, (async () => ({ count: 'many' })) as never);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: API_BASE + url, payload: payload as object, headers: { ...XHR_HEADERS, ...headers } });

  it('builds the route from API_BASE and the descriptor path, and answers the handler output', async () => {
    const response = await post(echo.path, { name: 'Ada', extra: 'ignored' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ greeting: 'Hello Ada' });
  });

  it('names the contract it was built from on every answer it gives, and only on those (ADR 080)', async () => {
    const answered = await post(echo.path, { name: 'Ada' });
    expect(answered.headers[CONTRACT_HEADER.toLowerCase()]).toBe(contractFingerprint());
    // A refusal carries no promise about the answer's shape: the page shows its message as it is.
    const refused = await post(echo.path, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.headers[CONTRACT_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('answers 400 naming the field when the body fails the input schema', async () => {
    const missing = await post(echo.path, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Error).toMatchObject({ name: VALIDATION_ERROR_NAME, code: 400 });
    expect(missing.json().Error.message).toMatch(/^name: /);

    const nested = await post(echo.path, { name: 'Ada', tags: ['ok', 7] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().Error.message).toMatch(/^tags\[1\]: /);
  });

  it('treats an empty JSON body as no input, so the missing field is still named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_BASE + echo.path,
      headers: { ...XHR_HEADERS, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Error.message).toMatch(/^name: /);
  });

  it('reads GET input from the query string', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API_BASE}/test/search?page=3` })).json()).toEqual({ page: 3 });
    const bad = await t.app.inject({ method: 'GET', url: `${API_BASE}/test/search?page=zero` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toMatch(/^page: /);
  });

  it('answers 401 to an anonymous caller of a `read` action, before looking at the input', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/actions/app/Test/action/get/42?unexpected=1` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody(ERRORS.unauthorized));
  });

  it('passes the id to a logged-in caller', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/actions/app/Test/action/get/a%20b`,
      headers: { 'x-test-user': 'user' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a b' });
  });

  it('answers 403 to a logged-in caller without the level, and lets an app admin in', async () => {
    const user = await post(admin.path, {}, { 'x-test-user': 'user' });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual(errorBody(ERRORS.forbidden));
    const appAdmin = await post(admin.path, {}, { 'x-test-user': 'admin' });
    expect(appAdmin.statusCode).toBe(200);
    expect(appAdmin.json()).toEqual({ ok: true });
  });

  it('answers a thrown AppError with its catalogue entry', async () => {
    const response = await post(busy.path, {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody(ERRORS.scoresNotReady));
  });

  it('answers an unexpected throw with 500 Server error., logging the details but never sending them', async () => {
    const response = await post(broken.path, {});
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(errorBody(ERRORS.serverError));
    expect(response.body).not.toContain('hunter2');
    const line = await logs.waitFor((l) => l.msg === 'request failed');
    expect(JSON.stringify(line)).toContain('hunter2');
    expect(JSON.stringify(line)).toContain('registrar.test.ts');
  });

  it('answers 500 when a handler returns output outside its schema', async () => {
    const response = await post(sloppy.path, {});
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(errorBody(ERRORS.serverError));
  });

  it('refuses a second handler for the same descriptor', () => {
    expect(() => registerHandler(t.app, echo, async () => ({ greeting: '' }))).toThrow(/TEST_ECHO already has a handler/);
  });

  it('reports descriptors without a handler', () => {
    const orphan = defineRoute({ name: 'ORPHAN', summary: '', path: '/orphan', input: z.object({}), output: z.object({}), access: 'public' });
    expect(missingHandlers(t.app, [echo, orphan])).toEqual([orphan]);
  });
});

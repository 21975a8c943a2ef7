import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, ERRORS, defineAction, errorBody } from '@chi/contract';
import { TEST_DIALECTS, XHR_HEADERS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { registerHandler } from './registrar';

const methods = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const descriptors = methods.map((method) =>
  defineAction({
    name: `TEST_${method}`,
    summary: 'Changes state.',
    app: 'app',
    dataType: 'Test',
    endpoint: method.toLowerCase(),
    method,
    input: z.object({}),
    output: z.object({ done: z.literal(true) }),
    access: 'public',
  }),
);

describe.each(TEST_DIALECTS)('XHR guard (%s)', (dialect) => {
  let t: TestApp;
  let calls = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const descriptor of descriptors) {
      registerHandler(t.app, descriptor, async () => {
        calls += 1;
        return { done: true as const };
      });
    }
  });
  afterAll(() => t.close());

  it.each(methods)('refuses %s without X-Requested-With with 403, before the handler runs', async (method) => {
    const before = calls;
    const response = await t.app.inject({ method, url: `${API_BASE}/actions/app/Test/action/${method.toLowerCase()}`, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(errorBody(ERRORS.forbidden));
    expect(calls).toBe(before);
  });

  it.each(methods)('lets %s through with X-Requested-With: XMLHttpRequest', async (method) => {
    const response = await t.app.inject({
      method,
      url: `${API_BASE}/actions/app/Test/action/${method.toLowerCase()}`,
      headers: XHR_HEADERS,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ done: true });
  });

  it('refuses another value of the header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/actions/app/Test/action/post`,
      headers: { 'x-requested-with': 'fetch' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('leaves GET requests alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API_BASE}/health` })).statusCode).toBe(200);
  });

  it('guards every API path, known or not, but not pages', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: `${API_BASE}/actions/app/action/unknown`, payload: {} });
    expect(unknown.statusCode).toBe(403);
    const page = await t.app.inject({ method: 'POST', url: '/some/page', payload: {} });
    expect(page.statusCode).toBe(404);
  });
});

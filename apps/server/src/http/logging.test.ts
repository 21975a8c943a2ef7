import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, defineAction } from '@chi/contract';
import { LogCapture } from '../test/log-capture';
import { TEST_DIALECTS, XHR_HEADERS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { REDACTED, redactUrl } from './logging';
import { registerHandler } from './registrar';

const login = defineAction({
  name: 'TEST_LOGIN',
  summary: 'Takes a password.',
  app: 'app',
  dataType: 'Test',
  endpoint: 'login',
  input: z.object({ password: z.string() }),
  output: z.object({ ok: z.boolean() }),
  access: 'public',
});

describe('redactUrl', () => {
  it('replaces token-like query values and keeps the rest', () => {
    expect(redactUrl('/api/v1/x?token=abc&page=2&resetPasswordToken=def&sessionKey=k1&apiKey=z&q=chi')).toBe(
      `/api/v1/x?token=${REDACTED}&page=2&resetPasswordToken=${REDACTED}&sessionKey=${REDACTED}&apiKey=${REDACTED}&q=chi`,
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?flag&password=hunter2')).toBe(`/x?flag&password=${REDACTED}`);
  });

  it('replaces the token segment of mail-link pages', () => {
    expect(redactUrl('/resetPassword/tok123')).toBe(`/resetPassword/${REDACTED}`);
    expect(redactUrl('/activateAccount/tok123?modal=login')).toBe(`/activateAccount/${REDACTED}?modal=login`);
    expect(redactUrl('/forgetAboutMe/tok123/extra')).toBe(`/forgetAboutMe/${REDACTED}/extra`);
    expect(redactUrl('/QuizTime/Game')).toBe('/QuizTime/Game');
  });
});

describe.each(TEST_DIALECTS)('request logs (%s)', (dialect) => {
  let t: TestApp;
  const logs = new LogCapture();
  beforeAll(async () => {
    t = await createTestApp(dialect, { logStream: logs });
    registerHandler(t.app, login, async () => ({ ok: true }));
  });
  afterAll(() => t.close());

  const completed = (url: string) => logs.waitFor((line) => line.msg === 'request completed' && String(line.url).startsWith(url));

  it('write one line per request with method, URL and status, but no cookie, authorization or token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/health?token=query-token-value&page=2`,
      headers: { cookie: 'chi_session=cookie-secret-value', authorization: 'Bearer auth-secret-value' },
    });
    expect(response.statusCode).toBe(200);
    const line = await completed(`${API_BASE}/health`);
    expect(line).toMatchObject({ method: 'GET', url: `${API_BASE}/health?token=${REDACTED}&page=2`, statusCode: 200 });
    expect(typeof line.reqId).toBe('string');
    expect(logs.text).not.toContain('cookie-secret-value');
    expect(logs.text).not.toContain('auth-secret-value');
    expect(logs.text).not.toContain('query-token-value');
  });

  it('never write request bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_BASE + login.path,
      headers: XHR_HEADERS,
      payload: { password: 'body-password-value' },
    });
    expect(response.statusCode).toBe(200);
    expect(await completed(API_BASE + login.path)).toMatchObject({ method: 'POST', statusCode: 200 });
    expect(logs.text).not.toContain('body-password-value');
  });

  it('log refused and failed requests with their status', async () => {
    await t.app.inject({ method: 'POST', url: API_BASE + login.path, payload: { password: 'x' } });
    const refused = await logs.waitFor((line) => line.msg === 'request completed' && line.statusCode === 403);
    expect(refused).toMatchObject({ method: 'POST', url: API_BASE + login.path });
    await t.app.inject({ method: 'GET', url: '/resetPassword/mail-link-token-value' });
    expect(await completed('/resetPassword/')).toMatchObject({ url: `/resetPassword/${REDACTED}`, statusCode: 503 });
    expect(logs.text).not.toContain('mail-link-token-value');
  });
});

/**
 * Issue 24 item 13: a request whose body stalls, or trickles in for longer than the request
 * time-out, no longer holds its connection open; the server closes it.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../test/test-app';
import type { TestApp } from '../test/test-app';

/** Far above both configured time-outs: a connection still open then was never going to close. */
const GIVE_UP_MS = 15_000;

/** Opens a connection, sends the head of a request whose body never completes; answers what the server did. */
function stalledRequest(port: number, trickle: boolean, xhr = true): Promise<{ closed: boolean; answer: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let dribble: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(dribble);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closed, answer });
    };
    const giveUp = setTimeout(() => finish(false), GIVE_UP_MS);
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.write(`POST ${API_BASE}/actions/app/action/login HTTP/1.1\r\nHost: app.chi.localhost\r\nContent-Type: application/json\r\n${xhr ? 'X-Requested-With: XMLHttpRequest\r\n' : ''}Content-Length: 100000\r\n\r\n{`);
    // One byte now and then keeps the idle time-out from firing; only the request time-out ends it.
    if (trickle) dribble = setInterval(() => socket.write(' '), 200);
  });
}

describe.each(TEST_DIALECTS)('request time-outs (%s)', (dialect) => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { IDLE_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' } });
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(origin).port);
  });
  afterAll(() => t.close());

  it('closes a connection whose request body stalls', async () => {
    const outcome = await stalledRequest(port, false);
    expect(outcome.closed).toBe(true);
  }, 30_000);

  it('closes the connection of a request refused before its body arrived', async () => {
    // Without the web client's header the guard answers 403 at once; the body never follows.
    const outcome = await stalledRequest(port, true, false);
    expect(outcome.closed).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 403/);
    expect(outcome.answer.toLowerCase()).toContain('connection: close');
  }, 30_000);

  it('answers 408 to a request body that trickles in past the request time-out', async () => {
    const outcome = await stalledRequest(port, true);
    expect(outcome.closed).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it('reads the configured time-outs, with defaults of 120 s per request and 30 s idle', () => {
    expect(t.config.limits).toMatchObject({ requestTimeoutMs: 2_000, idleTimeoutMs: 1_000 });
  });
});

/**
 * Issue 24 items 13 and 14: live-update (SSE) streams are capped per person with a clear 429,
 * a closed stream frees its place, another person is not affected, and a quiet stream is not
 * closed by the idle time-out that ends stalled requests.
 */
import { request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { makeUsers } from '../modules/documents/documents-kit';
import type { Users } from '../modules/documents/documents-kit';

interface Opened {
  readonly status: number;
  readonly body: string;
  readonly response: IncomingMessage;
  readonly request: ClientRequest;
}

describe.each(TEST_DIALECTS)('live-update stream limits (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  let origin = '';
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PIPE_STREAMS_PER_USER: '2', IDLE_TIMEOUT_SECONDS: '1' } });
    u = await makeUsers(t);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** Opens a stream; answers once its status is known (and, for a refusal, its body). */
  const open = (session: string, pipe: string) =>
    new Promise<Opened>((resolve, reject) => {
      const request = httpRequest(`${origin}${API_BASE}/pipes/${pipe}`, { headers: { cookie: `chi_session=${session}`, accept: 'text/event-stream' }, agent: false }, (response) => {
        if (response.statusCode === 200) {
          resolve({ status: 200, body: '', response, request });
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, response, request }));
      });
      request.on('error', reject);
      request.end();
    });
  const closed = (opened: Opened) => new Promise<void>((resolve) => opened.response.once('close', () => resolve()));

  it('refuses a stream over the cap with a clear 429, and frees a place when one closes', async () => {
    const first = await open(u.owner.session, 'pipe-limit-a');
    const second = await open(u.owner.session, 'pipe-limit-b');
    expect([first.status, second.status]).toEqual([200, 200]);

    const third = await open(u.owner.session, 'pipe-limit-c');
    expect(third.status).toBe(429);
    expect((JSON.parse(third.body) as { Error: { message: string } }).Error.message).toBe(
      'You already have 2 live-update streams open (PIPE_STREAMS_PER_USER); close another tab or window of this site and try again',
    );
    // Someone else has places of their own.
    const other = await open(u.other.session, 'pipe-limit-d');
    expect(other.status).toBe(200);

    // Quiet for longer than the idle time-out, the streams are still open.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([first.response.destroyed, second.response.destroyed, other.response.destroyed]).toEqual([false, false, false]);

    const gone = closed(first);
    first.request.destroy();
    await gone;
    // The server notices the closed socket on its next turn; then the place is free again.
    let again = await open(u.owner.session, 'pipe-limit-c');
    for (let attempt = 0; again.status === 429 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await open(u.owner.session, 'pipe-limit-c');
    }
    expect(again.status).toBe(200);
    for (const stream of [second, other, again]) stream.request.destroy();
  }, 30_000);

  it('reads the cap from PIPE_STREAMS_PER_USER, 10 by default', () => {
    expect(t.config.limits.pipeStreamsPerUser).toBe(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CONTRACT_HEADER, REQUEST_COOLDOWN_MS, SENT_AT_HEADER, defineAction, defineRoute } from '@chi/contract';
import { createApiClient } from './client';
import type { ApiError } from './errors';

const login = defineAction({
  name: 'LOGIN',
  summary: 'Log in',
  app: 'app',
  dataType: 'Account',
  endpoint: 'login',
  input: z.object({ _email: z.string(), password: z.string() }),
  output: z.object({ ok: z.boolean() }),
  access: 'public',
});

const getAccount = defineAction({
  name: 'GET_ACCOUNT',
  summary: 'Get an account',
  app: 'app',
  dataType: 'Account',
  endpoint: 'get',
  method: 'GET',
  withId: true,
  input: z.object({ fields: z.array(z.string()).optional(), verbose: z.boolean().optional() }),
  output: z.object({ name: z.string() }),
  access: 'read',
});

const health = defineRoute({
  name: 'HEALTH',
  summary: 'Health',
  path: '/health',
  input: z.object({}),
  output: z.object({ status: z.literal('ok') }),
  access: 'public',
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(...responses: Array<Response | Error>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const r of responses) {
    if (r instanceof Error) fetchMock.mockRejectedValueOnce(r);
    else fetchMock.mockResolvedValueOnce(r);
  }
  let clock = 1_000_000;
  const onUnauthorized = vi.fn();
  const client = createApiClient({ fetch: fetchMock, now: () => clock, onUnauthorized });
  return { client, fetchMock, onUnauthorized, advance: (ms: number) => (clock += ms) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client requests', () => {
  it('posts JSON to the action path with credentials, the XHR header and a send-time stamp', async () => {
    const { client, fetchMock } = setup(json(200, { ok: true }));
    await expect(client.call(login, { _email: 'a@b.dk', password: 'x' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/actions/app/Account/action/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers[SENT_AT_HEADER]).toBe('1000000');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ _email: 'a@b.dk', password: 'x' });
  });

  it('puts GET input in the query string and the id in the path', async () => {
    const { client, fetchMock } = setup(json(200, { name: 'Ada' }));
    await client.call(getAccount, { fields: ['a', 'b'], verbose: true }, { id: 'x/1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/actions/app/Account/action/get/x%2F1?fields=a&fields=b&verbose=true');
    expect(init?.body).toBeUndefined();
  });

  it('fails on the client, naming a missing parameter, without sending', async () => {
    const { client, fetchMock } = setup();
    const error = await failure(client.call(login, { password: 'x' } as never));
    expect(error.name).toBe('Validation Error');
    expect(error.message).toBe('Missing required parameter: _email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails on the client when a withId call has no id', async () => {
    const { client, fetchMock } = setup();
    const error = await failure(client.call(getAccount, {}));
    expect(error.name).toBe('Validation Error');
    expect(error.message).toBe('Missing required parameter: id');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the parameter of a wrongly typed value', async () => {
    const { client } = setup();
    const error = await failure(client.call(login, { _email: 3, password: 'x' } as never));
    expect(error.message).toMatch(/^Invalid parameter _email: /);
  });
});

describe('api client cooldown', () => {
  it('shares one pending result between identical calls within the cooldown', async () => {
    const { client, fetchMock, advance } = setup(json(200, { status: 'ok' }), json(200, { status: 'ok' }));
    const first = client.call(health, {});
    advance(REQUEST_COOLDOWN_MS - 1);
    const second = client.call(health, {});
    expect(second).toBe(first);
    await first;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    advance(1);
    await client.call(health, {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not share between calls with different bodies', async () => {
    const { client, fetchMock } = setup(json(200, { ok: true }), json(200, { ok: true }));
    await Promise.all([client.call(login, { _email: 'a', password: '1' }), client.call(login, { _email: 'a', password: '2' })]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drops a rejected call from the cache so that a retry really retries', async () => {
    const { client, fetchMock } = setup(new TypeError('down'), json(200, { status: 'ok' }));
    await failure(client.call(health, {}));
    await expect(client.call(health, {})).resolves.toEqual({ status: 'ok' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('skips the cache when asked for a fresh result', async () => {
    const { client, fetchMock } = setup(json(200, { status: 'ok' }), json(200, { status: 'ok' }));
    await client.call(health, {});
    await client.call(health, {}, { fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('api client errors (SPEC §8)', () => {
  it.each([
    [401, 'Insufficient Privileges', 'This action is not allowed.'],
    [403, 'Insufficient Privileges', 'This action is not allowed.'],
    [404, 'Not Found', 'Service action not found.'],
    [500, 'Server Error', 'Server error.'],
    [503, 'Server Unavailable', 'The server is currently unavailable.'],
  ])('maps HTTP %i to %s: %s whatever the body says', async (status, name, message) => {
    const { client } = setup(json(status, { Error: { name: 'Other', message: 'other text', code: status } }));
    const error = await failure(client.call(health, {}));
    expect(error.name).toBe(name);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });

  it('reports an unreachable server as unavailable', async () => {
    const { client } = setup(new TypeError('Failed to fetch'));
    const error = await failure(client.call(health, {}));
    expect(error.message).toBe('The server is currently unavailable.');
  });

  it('keeps the server name and message of an Error body for other statuses', async () => {
    const { client } = setup(json(400, { Error: { name: 'Bad Input', message: '_email is invalid', code: 400 } }));
    const error = await failure(client.call(health, {}));
    expect(error.name).toBe('Bad Input');
    expect(error.message).toBe('_email is invalid');
    expect(error.code).toBe(400);
  });

  it('turns a plain string Error field into a Request Error', async () => {
    const { client } = setup(json(400, { Error: 'Key expired' }));
    const error = await failure(client.call(health, {}));
    expect(error.name).toBe('Request Error');
    expect(error.message).toBe('Key expired');
  });

  it('turns a text body into a Request Error', async () => {
    const { client } = setup(new Response('Too many words', { status: 422 }));
    const error = await failure(client.call(health, {}));
    expect(error.name).toBe('Request Error');
    expect(error.message).toBe('Too many words');
  });

  it('treats an Error field in a successful reply as a failure', async () => {
    const { client } = setup(json(200, { Error: { name: 'Session Error', message: 'A valid key is required', code: 400 } }));
    const error = await failure(client.call(health, {}));
    expect(error.message).toBe('A valid key is required');
  });

  it('calls the unauthorised hook for code 401 in a body', async () => {
    const { client, onUnauthorized } = setup(json(200, { Error: { name: 'Session', message: 'Log in again', code: 401 } }));
    await failure(client.call(health, {}));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls the unauthorised hook for HTTP 401 but not for 403', async () => {
    const { client, onUnauthorized } = setup(json(401, {}), json(403, {}));
    await failure(client.call(health, {}));
    await failure(client.call(health, {}, { fresh: true }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a reply that breaks the output schema as a server error', async () => {
    const { client } = setup(json(200, { status: 'broken' }));
    const error = await failure(client.call(health, {}));
    expect(error.message).toBe('Server error.');
  });
});

describe('api client across a deploy (ADR 080)', () => {
  function answer(body: unknown, contract: string): Response {
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', [CONTRACT_HEADER]: contract } });
  }
  function pageBuiltWith(contract: string | undefined, ...responses: Response[]) {
    const fetchMock = vi.fn<typeof fetch>();
    for (const r of responses) fetchMock.mockResolvedValueOnce(r);
    const onOutdated = vi.fn();
    return { client: createApiClient({ fetch: fetchMock, contract, onOutdated }), onOutdated };
  }

  it('says the page is out of date when a newer server answers what the page cannot read', async () => {
    const { client, onOutdated } = pageBuiltWith('old0000000000000', answer({ status: 'degraded' }, 'new0000000000000'));
    const error = await failure(client.call(health, {}));
    expect(error.message).toBe('The server has been updated since this page was opened. Reload the page to go on.');
    expect(error.name).toBe('Page Out Of Date');
    // The answer itself was a success: a queue keeps the record and sends it again after the reload.
    expect(error.status).toBe(200);
    expect(onOutdated).toHaveBeenCalledTimes(1);
  });

  it('reads an answer that still fits, whichever contract the server names', async () => {
    const { client, onOutdated } = pageBuiltWith('old0000000000000', answer({ status: 'ok', added: 1 }, 'new0000000000000'));
    await expect(client.call(health, {})).resolves.toEqual({ status: 'ok' });
    expect(onOutdated).not.toHaveBeenCalled();
  });

  it('keeps "Server error." when the server names the same contract, or the page knows none', async () => {
    const same = pageBuiltWith('same000000000000', answer({ status: 'broken' }, 'same000000000000'));
    expect((await failure(same.client.call(health, {}))).message).toBe('Server error.');
    const unknown = pageBuiltWith(undefined, answer({ status: 'broken' }, 'new0000000000000'));
    expect((await failure(unknown.client.call(health, {}))).message).toBe('Server error.');
    expect(same.onOutdated).not.toHaveBeenCalled();
    expect(unknown.onOutdated).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '@chi/contract';
import { createApiClient } from './client';
import { acceptLanguage, api } from './api';
import { changeLanguage, i18n } from '../i18n/i18n';

function headersOf(fetchMock: ReturnType<typeof vi.fn>): Record<string, string> {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return (init?.headers ?? {}) as Record<string, string>;
}

const ok = () => new Response(JSON.stringify({ _status: 'loggedOut' }), { status: 200 });

describe('Accept-Language on every request', () => {
  afterEach(async () => {
    await changeLanguage(i18n, 'en');
  });

  it('sends the value the client is given', async () => {
    const fetchMock = vi.fn(async () => ok());
    const client = createApiClient({ fetch: fetchMock, acceptLanguage: () => 'da' });
    await client.call(account.logout, {});
    expect(headersOf(fetchMock)['Accept-Language']).toBe('da');
  });

  it('the shell client follows the interface language: en, then da after switching to Danish', async () => {
    expect(acceptLanguage()).toBe('en');
    const first = vi.fn(async () => ok());
    vi.stubGlobal('fetch', first);
    await api.call(account.logout, {});
    expect(headersOf(first)['Accept-Language']).toBe('en');

    await changeLanguage(i18n, 'dk');
    expect(acceptLanguage()).toBe('da');
    const second = vi.fn(async () => ok());
    vi.stubGlobal('fetch', second);
    await api.call(account.logout, {}, { fresh: true });
    expect(headersOf(second)['Accept-Language']).toBe('da');
  });

  it('a quiet call does not send the browser to login on 401', async () => {
    const onUnauthorized = vi.fn();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ Error: { name: 'x', message: 'y', code: 401 } }), { status: 401 }));
    const client = createApiClient({ fetch: fetchMock, onUnauthorized });
    await expect(client.call(account.resumeSession, {}, { quietUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.call(account.resumeSession, {}, { fresh: true })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { system } from '@chi/contract';
import { createApiClient } from './client';
import { runAction } from './run-action';
import { actionErrorStore } from '../action-errors/action-error-store';
import { getStatus } from '../status/status-store';

const failingClient = () => createApiClient({ fetch: vi.fn<typeof fetch>().mockRejectedValue(new TypeError('down')) });

describe('runAction', () => {
  it('turns an unhandled failure into an error status and an action error box', async () => {
    const result = await runAction(system.openApi, {}, { client: failingClient() });
    expect(result.ok).toBe(false);
    expect(getStatus('GET_OPENAPI')).toMatchObject({ isError: true, body: 'The server is currently unavailable.', handled: false });
    expect(actionErrorStore.get()).toEqual([expect.objectContaining({ action: 'GET_OPENAPI', message: 'The server is currently unavailable.' })]);
  });

  it('raises no box when the caller handles the error, under its own operation key', async () => {
    await runAction(system.openApi, {}, { client: failingClient(), handled: true, operation: 'apiPage' });
    expect(getStatus('apiPage')).toMatchObject({ isError: true, handled: true });
    expect(actionErrorStore.get()).toEqual([]);
  });

  it('returns the data of a successful call and can announce success', async () => {
    const body = { version: '1', publicDomain: 'chi.localhost', gameTimeScale: 2 };
    const client = createApiClient({ fetch: vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body))) });
    const result = await runAction(system.config, {}, { client, successMessage: 'Loaded' });
    expect(result).toEqual({ ok: true, data: body });
    expect(getStatus('GET_CONFIG')).toMatchObject({ isSuccess: true, verbose: true, body: 'Loaded' });
  });
});

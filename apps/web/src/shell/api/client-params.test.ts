import { describe, expect, it, vi } from 'vitest';
import { documents } from '@chi/contract';
import { createApiClient, fillParams } from './client';
import type { ApiError } from './errors';

const storedDoc = {
  _appId: 'assistants',
  _dataType: 'Chunk',
  _id: 'c1',
  _ownerId: null,
  _published: true,
  _createdAt: '2026-01-01T00:00:00Z',
  _updatedAt: '2026-01-01T00:00:00Z',
  text: 'hello',
};

describe('named path parameters (generic documents)', () => {
  it('fills and encodes every named segment', () => {
    expect(fillParams('/actions/:appId/:dataType/action/get', { appId: 'app', dataType: 'A/B' })).toBe('/actions/app/A%2FB/action/get');
  });

  it('names the missing parameter', () => {
    expect(() => fillParams('/actions/:appId/:dataType/action/get', { appId: 'app' })).toThrow('Missing required parameter: dataType');
  });

  it('calls a documents descriptor at the concrete path', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(storedDoc), { status: 200 }));
    const client = createApiClient({ fetch: fetchMock });
    const doc = await client.call(documents.get, { proxyId: 'p1' }, { params: { appId: 'assistants', dataType: 'Chunk' } });
    expect(doc.text).toBe('hello');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/actions/assistants/Chunk/action/get');
  });

  it('rejects a documents call without its parameters, before any request', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    const client = createApiClient({ fetch: fetchMock });
    const error = await client.call(documents.get, {}).catch((caught: unknown) => caught as ApiError);
    expect(error).toMatchObject({ message: 'Missing required parameter: appId' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders, jsonResponse, TEST_CONFIG } from '../../test/render';
import { ChunkView } from './chunk-view';
import { setOpenedChunk } from './chunk-store';

const stored = (fields: Record<string, unknown>) => ({
  _appId: 'assistants', _dataType: 'Chunk', _id: 'c1', _ownerId: null, _published: true,
  _createdAt: '2026-01-01T00:00:00Z', _updatedAt: '2026-01-01T00:00:00Z', ...fields,
});

function serve(status: number, body: unknown) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : jsonResponse(status, body)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderChunk(query: string) {
  renderWithProviders(<ChunkView close={() => undefined} params={new URLSearchParams(query)} />, { path: `/?${query}` });
}

describe('chunk view', () => {
  it('loads a chunk through its proxy and pretty-prints JSON', async () => {
    const fetchMock = serve(200, stored({ text: '{"a":1}', index: 4, filename: 'data.json' }));
    renderChunk('modal=chunk&proxyId=p1&appId=assistants');
    const code = await screen.findByLabelText('Text');
    expect(code.textContent).toBe('{\n  "a": 1\n}');
    expect(screen.getByText('data.json')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url.includes('/action/get'));
    expect(call?.[0]).toBe('/api/v1/actions/assistants/Chunk/action/get');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ proxyId: 'p1' });
  });

  it('shows a JSON fragment that does not parse as text', async () => {
    serve(200, stored({ text: '"a": 1,', index: 0, filename: 'data.json' }));
    renderChunk('modal=chunk&chunkId=c1&appId=assistants');
    const text = await screen.findByLabelText('Text');
    expect(text.tagName).not.toBe('PRE');
    expect(text).toHaveTextContent('"a": 1,');
  });

  it('says a missing reference is not available', async () => {
    serve(404, { Error: { name: 'Not Found', message: 'Document not found', code: 404 } });
    renderChunk('modal=chunk&chunkId=gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reference is not available.');
  });

  it('shows a chunk handed over by its opener without asking the server', async () => {
    const fetchMock = serve(500, {});
    act(() => setOpenedChunk({ text: 'plain words', index: 2, filename: 'notes.txt' }));
    renderChunk('modal=chunk');
    expect(await screen.findByText('plain words')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/action/get'))).toBe(false);
    act(() => setOpenedChunk(undefined));
  });
});

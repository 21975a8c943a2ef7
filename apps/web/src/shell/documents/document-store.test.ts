import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { DELETE_TOKEN, deleteDocument, documentStore, listDocuments, resetDocumentStore, syncDocuments } from './document-store';

const doc = (id: string, extra: Record<string, unknown> = {}) => ({
  _appId: 'creavisions', _dataType: 'Note', _id: id, _ownerId: 'u1', _published: false,
  _createdAt: '2026-01-01T00:00:00Z', _updatedAt: '2026-01-01T00:00:00Z', ...extra,
});

afterEach(() => resetDocumentStore());

describe('documents by data type', () => {
  it('merges records by id, per data type', () => {
    syncDocuments('Note', [doc('a', { text: 'one' }), doc('b')]);
    syncDocuments('Note', [doc('a', { text: 'two' })]);
    syncDocuments('Other', [doc('a')]);
    expect(Object.keys(documentStore.get().Note ?? {})).toEqual(['a', 'b']);
    expect(documentStore.get().Note?.a?.text).toBe('two');
    expect(Object.keys(documentStore.get().Other ?? {})).toEqual(['a']);
  });

  it('removes records flagged with the delete token on sync', () => {
    syncDocuments('Note', [doc('a'), doc('b')]);
    syncDocuments('Note', [doc('a', { [DELETE_TOKEN]: true })]);
    expect(Object.keys(documentStore.get().Note ?? {})).toEqual(['b']);
  });

  it('lists through the parameterised path and stores the page; delete forgets the record', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/list') ? jsonResponse(200, { documents: [doc('a'), doc('b')], total: 2 }) : jsonResponse(200, { _id: 'a', deleted: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await listDocuments('creavisions', 'Note', { limit: 10 });
    expect(page.total).toBe(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/actions/creavisions/Note/action/list');
    await deleteDocument('creavisions', 'Note', 'a');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/v1/actions/creavisions/Note/action/delete');
    expect(Object.keys(documentStore.get().Note ?? {})).toEqual(['b']);
  });
});

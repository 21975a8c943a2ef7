/**
 * Documents held by the client, by data type (SPEC §3 client-held state). Lists and gets merge
 * into it; a record flagged with the delete token is removed on sync instead of stored, so a
 * deletion seen by one view disappears from every view. Screens read one data type at a time.
 */
import { documents, type AppId, type InputOf, type documents as Documents } from '@chi/contract';
import { api } from '../api/api';
import { createStore, useStore } from '../store';

/** A record carrying this field set to true is a tombstone: sync removes it. */
export const DELETE_TOKEN = '_deleted';

type StoredDocument = Documents.StoredDocument;
type ByDataType = Readonly<Record<string, Readonly<Record<string, StoredDocument>>>>;

export const documentStore = createStore<ByDataType>({});

function isDeleted(record: Record<string, unknown>): boolean {
  return record[DELETE_TOKEN] === true;
}

/** Merges records into their data type; tombstones remove the record they name. */
export function syncDocuments(dataType: string, records: readonly StoredDocument[]): void {
  if (records.length === 0) return;
  documentStore.set((state) => {
    const next: Record<string, StoredDocument> = { ...state[dataType] };
    for (const record of records) {
      if (isDeleted(record)) delete next[record._id];
      else next[record._id] = record;
    }
    return { ...state, [dataType]: next };
  });
}

export function forgetDocument(dataType: string, id: string): void {
  documentStore.set((state) => {
    const current = state[dataType];
    if (!current || !(id in current)) return state;
    const { [id]: _removed, ...rest } = current;
    return { ...state, [dataType]: rest };
  });
}

/** Test helper and logout hook. */
export function resetDocumentStore(): void {
  documentStore.set({});
}

const EMPTY: Readonly<Record<string, StoredDocument>> = Object.freeze({});

export function useDocuments(dataType: string): Readonly<Record<string, StoredDocument>> {
  return useStore(documentStore, (state) => state[dataType] ?? EMPTY);
}

/** LIST_DOCUMENTS for one app and data type; the page lands in the store too. */
export async function listDocuments(appId: AppId, dataType: string, input: InputOf<typeof documents.list>) {
  const page = await api.call(documents.list, input, { params: { appId, dataType }, fresh: true });
  syncDocuments(dataType, page.documents);
  return page;
}

/** DELETE_DOCUMENT; on success the record leaves the store. */
export async function deleteDocument(appId: AppId, dataType: string, id: string) {
  const result = await api.call(documents.remove, { filter: { _appId: appId, _dataType: dataType, _id: id } }, { params: { appId, dataType } });
  forgetDocument(dataType, id);
  return result;
}

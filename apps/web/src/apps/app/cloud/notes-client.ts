/**
 * Markdown notes on `/cloud` (issue 5): generic documents of app `app`, data type `Note`, with
 * the fields `title` and `body` (Markdown). Every call goes through the generic document
 * actions and lands in the client-held document store, so other views of `Note` stay in step.
 */
import { documents } from '@chi/contract';
import { runAction, type ActionResult } from '../../../shell/api/run-action';
import { forgetDocument, syncDocuments } from '../../../shell/documents/document-store';

export const NOTE_APP = 'app';
export const NOTE_DATA_TYPE = 'Note';
export const NOTE_TITLE_MAX = 200;
/** One page is enough for a personal notebook; the list says nothing about more. */
const NOTE_PAGE_SIZE = 200;

/** Status keys: the form shows its own save errors; the section shows the rest. */
export const SAVE_NOTE_OPERATION = 'SAVE_NOTE';
export const NOTES_OPERATION = 'NOTES';

export interface Note {
  readonly id: string;
  readonly ownerId: string | null;
  readonly title: string;
  readonly body: string;
  readonly published: boolean;
  readonly updatedAt: string;
  /** The owner's name as the server presents it (list only); null when the account is gone. */
  readonly authorName?: string | null;
}

const PARAMS = { appId: NOTE_APP, dataType: NOTE_DATA_TYPE } as const;

function identity(id: string) {
  return { _appId: NOTE_APP, _dataType: NOTE_DATA_TYPE, _id: id };
}

/** A stored document as a note; fields another client wrote badly read as empty text. */
export function toNote(document: documents.StoredDocument): Note {
  const { title, body } = document as Record<string, unknown>;
  return {
    id: document._id,
    ownerId: document._ownerId,
    title: typeof title === 'string' ? title : '',
    body: typeof body === 'string' ? body : '',
    published: document._published,
    updatedAt: document._updatedAt,
    authorName: document._ownerName,
  };
}

/** Newest change first. */
export function sortNotes(notes: readonly Note[]): Note[] {
  return [...notes].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
}

function stored<T extends documents.StoredDocument>(result: ActionResult<T>): ActionResult<T> {
  if (result.ok) syncDocuments(NOTE_DATA_TYPE, [result.data]);
  return result;
}

/** The caller's own notes (the server would also answer everybody's published ones). */
export async function loadMyNotes(ownerId: string) {
  const result = await runAction(
    documents.list,
    { filter: { field: '_ownerId', value: ownerId }, limit: NOTE_PAGE_SIZE, sorting: [{ field: '_updatedAt', direction: 'desc' }] },
    { params: PARAMS, fresh: true, operation: NOTES_OPERATION, handled: true },
  );
  if (result.ok) syncDocuments(NOTE_DATA_TYPE, result.data.documents);
  return result;
}

/** Notes other people have published. */
export async function loadOthersNotes(ownerId: string) {
  const filter = { type: 'AND' as const, filters: [{ field: '_published', value: true }, { field: '_ownerId', operator: '!=' as const, value: ownerId }] };
  const result = await runAction(
    documents.list,
    { filter, limit: NOTE_PAGE_SIZE, sorting: [{ field: '_updatedAt', direction: 'desc' }] },
    { params: PARAMS, fresh: true, operation: NOTES_OPERATION, handled: true },
  );
  if (result.ok) syncDocuments(NOTE_DATA_TYPE, result.data.documents);
  return result;
}

/**
 * A new id made here, kept across retries of one form (see saveNote). getRandomValues, not
 * randomUUID: the latter exists only in secure contexts, and a plain-http deployment is not one.
 */
export function newNoteId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `note-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export async function createNote(id: string, fields: { title: string; body: string }) {
  return stored(
    await runAction(documents.create, { ...identity(id), ...fields }, { params: PARAMS, fresh: true, operation: SAVE_NOTE_OPERATION, handled: true }),
  );
}

export async function updateNote(id: string, fields: { title: string; body: string }) {
  return stored(
    await runAction(documents.patch, { filter: identity(id), update: fields }, { params: PARAMS, fresh: true, operation: SAVE_NOTE_OPERATION, handled: true }),
  );
}

/**
 * Creates a new note or updates one. A create answered 409 was stored by an earlier try whose
 * answer got lost (the id is kept across retries), so it becomes an update.
 */
export async function saveNote(id: string, fields: { title: string; body: string }, isNew: boolean) {
  if (!isNew) return updateNote(id, fields);
  const created = await createNote(id, fields);
  if (!created.ok && created.error.code === 409) return updateNote(id, fields);
  return created;
}

export async function setNotePublished(id: string, published: boolean, successMessage: string) {
  const descriptor = published ? documents.publish : documents.retract;
  return stored(
    await runAction(descriptor, { filter: identity(id) }, { params: PARAMS, fresh: true, operation: NOTES_OPERATION, handled: true, successMessage }),
  );
}

export async function deleteNote(id: string, successMessage: string) {
  const result = await runAction(
    documents.remove,
    { filter: identity(id) },
    { params: PARAMS, fresh: true, operation: NOTES_OPERATION, handled: true, successMessage },
  );
  if (result.ok) forgetDocument(NOTE_DATA_TYPE, id);
  return result;
}

/**
 * The assistants' and threads' queries (issue 14): the rows behind assistants.service.ts, which
 * authorises and presents. Times are ISO strings, booleans 0/1 (assistants-tables.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { AssistantRow, MessageRow, ThreadRow } from './assistants.presenter';
import './assistants-tables';

type Db = Kysely<DatabaseSchema>;
type Trx = Transaction<DatabaseSchema>;

/** The columns an owner may change (`undefined`: leave as is). */
export interface AssistantChanges {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly instructions?: string | undefined;
  readonly avatar_url?: string | null | undefined;
  readonly course?: string | null | undefined;
  readonly model_settings?: string | undefined;
}

export function insertAssistant(trx: Trx, row: AssistantRow): Promise<unknown> {
  return trx.insertInto('assistants').values(row).execute();
}

export function linkStoreToAssistant(trx: Trx, storeId: string, assistantId: string): Promise<unknown> {
  return trx.updateTable('assistant_vector_stores').set({ assistant_id: assistantId }).where('id', '=', storeId).execute();
}

export function loadAssistant(db: Db, id: string): Promise<AssistantRow> {
  return db.selectFrom('assistants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Up to 500 assistants, newest change first: of a kind, the caller's own, or those the caller may see. */
export function listAssistantRows(db: Db, filter: { kind?: string | undefined; ownerId?: string | undefined; visibleTo?: string | undefined }): Promise<AssistantRow[]> {
  let query = db.selectFrom('assistants').selectAll();
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.ownerId !== undefined) query = query.where('owner_id', '=', filter.ownerId);
  const visibleTo = filter.visibleTo;
  if (visibleTo !== undefined) query = query.where((eb) => eb.or([eb('owner_id', '=', visibleTo), eb('published', '=', 1)]));
  return query.orderBy('updated_at', 'desc').orderBy('id').limit(500).execute();
}

export function updateAssistant(db: Db, id: string, changes: AssistantChanges, at: string): Promise<unknown> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return db
    .updateTable('assistants')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export function setAssistantPublished(db: Db, id: string, published: 0 | 1, at: string): Promise<unknown> {
  return db.updateTable('assistants').set({ published, updated_at: at }).where('id', '=', id).execute();
}

/** Threads and messages cascade with the assistant. */
export function deleteAssistantRow(trx: Trx, id: string): Promise<unknown> {
  return trx.deleteFrom('assistants').where('id', '=', id).execute();
}

export function insertThread(db: Db, row: ThreadRow): Promise<unknown> {
  return db.insertInto('assistant_threads').values(row).execute();
}

export function loadThread(db: Db, id: string): Promise<ThreadRow> {
  return db.selectFrom('assistant_threads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Up to 500 threads of an assistant, newest change first. */
export function listThreadRows(db: Db, assistantId: string): Promise<ThreadRow[]> {
  return db.selectFrom('assistant_threads').selectAll().where('assistant_id', '=', assistantId).orderBy('updated_at', 'desc').orderBy('id').limit(500).execute();
}

export function setThreadPublished(db: Db, id: string, published: 0 | 1, at: string): Promise<unknown> {
  return db.updateTable('assistant_threads').set({ published, updated_at: at }).where('id', '=', id).execute();
}

export function deleteThreadRows(db: Db, id: string): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('assistant_messages').where('thread_id', '=', id).execute();
    await trx.deleteFrom('assistant_threads').where('id', '=', id).execute();
  });
}

export function messageHead(db: Db, id: string): Promise<Pick<MessageRow, 'id' | 'thread_id' | 'status'> | undefined> {
  return db.selectFrom('assistant_messages').select(['id', 'thread_id', 'status']).where('id', '=', id).executeTakeFirst();
}

export function listMessageRows(db: Db, threadId: string): Promise<MessageRow[]> {
  return db.selectFrom('assistant_messages').selectAll().where('thread_id', '=', threadId).orderBy('seq').execute();
}

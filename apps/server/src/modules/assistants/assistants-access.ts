/** Loading a record for a caller: absent or invisible is a 404 (nothing leaks), visible but not theirs to change a 403. */
import type { Kysely } from 'kysely';
import { assistants, ERRORS } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { RequestUser } from '../../http/request-user';
import { canManageAssistant, canManageStore, canManageThread, canReadStore, canReadThread, canUseAssistant, canWriteThread } from './assistants.policy';
import type { AssistantRow, FileRow, ThreadRow } from './assistants.presenter';

type Db = Kysely<DatabaseSchema>;
const E = assistants.ASSISTANT_ERRORS;

export function requireUser(user: RequestUser | null): RequestUser {
  if (user === null) throw new AppError(ERRORS.unauthorized);
  return user;
}

export async function assistantFor(db: Db, id: string, user: RequestUser | null, need: 'use' | 'manage'): Promise<AssistantRow> {
  const row = await db.selectFrom('assistants').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !canUseAssistant(user, row)) throw new AppError(E.assistantNotFound);
  if (need === 'manage' && !canManageAssistant(user, row)) throw new AppError(ERRORS.forbidden);
  return row;
}

export async function threadFor(db: Db, id: string, user: RequestUser | null, need: 'read' | 'write' | 'manage'): Promise<{ thread: ThreadRow; assistant: AssistantRow }> {
  const thread = await db.selectFrom('assistant_threads').selectAll().where('id', '=', id).executeTakeFirst();
  const assistant = thread ? await db.selectFrom('assistants').selectAll().where('id', '=', thread.assistant_id).executeTakeFirst() : undefined;
  if (!thread || !assistant || !canReadThread(user, thread, assistant)) throw new AppError(E.threadNotFound);
  if (need === 'write' && !canWriteThread(user, thread, assistant)) throw new AppError(E.notYourThread);
  if (need === 'manage' && !canManageThread(user, thread)) throw new AppError(ERRORS.forbidden);
  return { thread, assistant };
}

async function isSharedWith(db: Db, storeId: string, user: RequestUser | null): Promise<boolean> {
  if (user === null) return false;
  const row = await db.selectFrom('assistant_vector_store_shares').select('account_id').where('vector_store_id', '=', storeId).where('account_id', '=', user.id).executeTakeFirst();
  return row !== undefined;
}

/**
 * A vector store for the caller (ADR 059): 'manage' is its owner or a manager of the app; 'read'
 * also an account it is shared with. Invisible is 404; shared but asked to manage is 403.
 */
export async function storeFor(db: Db, id: string, user: RequestUser | null, need: 'read' | 'manage' = 'manage') {
  const row = await db.selectFrom('assistant_vector_stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(E.storeNotFound);
  if (canManageStore(user, row)) return row;
  if (!canReadStore(user, row, await isSharedWith(db, row.id, user))) throw new AppError(E.storeNotFound);
  if (need === 'manage') throw new AppError(ERRORS.forbidden);
  return row;
}

/** A live file for the caller, through its store: 'read' lets an account the store is shared with copy it. */
export async function fileFor(db: Db, id: string, user: RequestUser | null, need: 'read' | 'manage' = 'manage'): Promise<FileRow> {
  const file = await db.selectFrom('assistant_files').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!file) throw new AppError(E.fileNotFound);
  const store = await db.selectFrom('assistant_vector_stores').select(['id', 'owner_id']).where('id', '=', file.vector_store_id).executeTakeFirst();
  if (!store) throw new AppError(E.fileNotFound);
  if (canManageStore(user, store)) return file;
  if (!canReadStore(user, store, await isSharedWith(db, store.id, user))) throw new AppError(E.fileNotFound);
  if (need === 'manage') throw new AppError(ERRORS.forbidden);
  return file;
}

export async function ownerNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('accounts').select(['id', 'first_name', 'last_name']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}

/**
 * Assistants in the person-data registry (ADR 055, issue 25 item 17). "Download my data" shows
 * the person's assistants, their chat threads with every message (their questions and the
 * answers), vector stores, files and batch imports. "Forget about me" deletes all of it, the
 * published ones too: nothing of theirs stays online without an owner. Shares of stores with
 * them go; the stores shared with them are listed in the download (ADR 059). Others' threads on a
 * forgotten person's assistant go with it, as when its owner deletes it.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import type { UserDataRegistry } from '../account/user-data-registry';
import { chunkHashes, retireVectors } from '../retrieval/embeddings';
import { deleteStoreRows } from './store.service';
import './assistants-tables';
import './batch-import/batch-import-tables';

type Db = Kysely<DatabaseSchema>;

/** A file of theirs in someone else's store: its chunks, versions and row; answers the storage keys. */
async function deleteFileCompletely(trx: Db, fileId: string): Promise<string[]> {
  const versions = await trx.selectFrom('assistant_file_versions').select('storage_key').where('file_id', '=', fileId).execute();
  await retireVectors(trx, await chunkHashes(trx, 'file_id', fileId));
  await trx.deleteFrom('assistant_chunks').where('file_id', '=', fileId).execute();
  await trx.deleteFrom('assistant_file_versions').where('file_id', '=', fileId).execute();
  await trx.deleteFrom('assistant_files').where('id', '=', fileId).execute();
  return versions.map((v) => v.storage_key);
}

/** Deletes every row of theirs and answers the stored files to remove once the rows are gone. */
async function forgetAssistantRows(trx: Db, accountId: string): Promise<string[]> {
  const keys: string[] = [];
  // Stores shared with them are no longer shared with anyone by that name (ADR 059).
  await trx.deleteFrom('assistant_vector_store_shares').where('account_id', '=', accountId).execute();
  const threads = trx.selectFrom('assistant_threads').select('id').where('owner_id', '=', accountId);
  await trx.deleteFrom('assistant_messages').where('thread_id', 'in', threads).execute();
  await trx.deleteFrom('assistant_threads').where('owner_id', '=', accountId).execute();

  const assistants = trx.selectFrom('assistants').select('id').where('owner_id', '=', accountId);
  const othersThreads = trx.selectFrom('assistant_threads').select('id').where('assistant_id', 'in', assistants);
  await trx.deleteFrom('assistant_messages').where('thread_id', 'in', othersThreads).execute();
  await trx.deleteFrom('assistant_threads').where('assistant_id', 'in', assistants).execute();
  await trx.deleteFrom('assistants').where('owner_id', '=', accountId).execute();

  const staged = await trx
    .selectFrom('batch_import_items')
    .select('staged_key')
    .where('import_id', 'in', trx.selectFrom('batch_imports').select('id').where('owner_id', '=', accountId))
    .execute();
  keys.push(...staged.map((item) => item.staged_key));
  await trx.deleteFrom('batch_import_items').where('import_id', 'in', trx.selectFrom('batch_imports').select('id').where('owner_id', '=', accountId)).execute();
  await trx.deleteFrom('batch_imports').where('owner_id', '=', accountId).execute();

  const stores = await trx.selectFrom('assistant_vector_stores').select('id').where('owner_id', '=', accountId).execute();
  for (const store of stores) {
    const user = await trx.selectFrom('assistants').select('owner_id').where('vector_store_id', '=', store.id).executeTakeFirst();
    if (user) {
      // Someone else's assistant answers from this store: it becomes theirs rather than break it.
      await trx.updateTable('assistant_vector_stores').set({ owner_id: user.owner_id }).where('id', '=', store.id).execute();
      continue;
    }
    await trx.deleteFrom('batch_imports').where('vector_store_id', '=', store.id).execute();
    keys.push(...(await deleteStoreRows(trx, store.id)));
  }
  const files = await trx.selectFrom('assistant_files').select('id').where('owner_id', '=', accountId).execute();
  for (const file of files) keys.push(...(await deleteFileCompletely(trx, file.id)));
  return keys;
}

async function exportAssistants(db: Db, accountId: string) {
  const assistants = await db.selectFrom('assistants').selectAll().where('owner_id', '=', accountId).orderBy('created_at').execute();
  const threads = await db.selectFrom('assistant_threads').selectAll().where('owner_id', '=', accountId).orderBy('created_at').execute();
  const messages = threads.length === 0
    ? []
    : await db.selectFrom('assistant_messages').selectAll().where('thread_id', 'in', threads.map((t) => t.id)).orderBy('thread_id').orderBy('seq').execute();
  const stores = await db.selectFrom('assistant_vector_stores').selectAll().where('owner_id', '=', accountId).orderBy('created_at').execute();
  const files = await db
    .selectFrom('assistant_files as f')
    .innerJoin('assistant_file_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'f.vector_store_id', 'f.name', 'f.attributes', 'f.deleted_at', 'f.created_at', 'v.content_type', 'v.size', 'v.version'])
    .where('f.owner_id', '=', accountId)
    .orderBy('f.created_at')
    .execute();
  const sharedWithThem = await db
    .selectFrom('assistant_vector_store_shares as s')
    .innerJoin('assistant_vector_stores as v', 'v.id', 's.vector_store_id')
    .select(['v.id', 'v.name', 's.created_at'])
    .where('s.account_id', '=', accountId)
    .orderBy('s.created_at')
    .execute();
  const imports = await db.selectFrom('batch_imports').select(['id', 'vector_store_id', 'prefix', 'status', 'created_at', 'finished_at']).where('owner_id', '=', accountId).orderBy('created_at').execute();
  return {
    assistants: assistants.map((a) => ({
      _id: a.id, kind: a.kind, name: a.name, description: a.description, instructions: a.instructions, course: a.course,
      avatarUrl: a.avatar_url, vectorStoreId: a.vector_store_id, published: Number(a.published) === 1, createdAt: a.created_at, updatedAt: a.updated_at,
    })),
    threads: threads.map((t) => ({
      _id: t.id, assistantId: t.assistant_id, title: t.title, published: Number(t.published) === 1, createdAt: t.created_at,
      messages: messages.filter((m) => m.thread_id === t.id).map((m) => ({ role: m.role, content: m.content, sender: m.sender, status: m.status, createdAt: m.created_at })),
    })),
    vectorStores: stores.map((s) => ({ _id: s.id, name: s.name, assistantId: s.assistant_id, createdAt: s.created_at })),
    vectorStoresSharedWithThem: sharedWithThem.map((s) => ({ _id: s.id, name: s.name, sharedAt: s.created_at })),
    files: files.map((f) => ({
      _id: f.id, vectorStoreId: f.vector_store_id, name: f.name, contentType: f.content_type, size: Number(f.size), version: Number(f.version),
      deleted: f.deleted_at !== null, createdAt: f.created_at,
    })),
    batchImports: imports.map((i) => ({ _id: i.id, vectorStoreId: i.vector_store_id, prefix: i.prefix, status: i.status, createdAt: i.created_at, finishedAt: i.finished_at })),
  };
}

export function registerAssistantsPersonData(userData: UserDataRegistry, storage: FileStorage): void {
  userData.register({
    name: 'assistants',
    columns: ['assistants.owner_id', 'assistant_threads.owner_id', 'assistant_vector_stores.owner_id', 'assistant_vector_store_shares.account_id', 'assistant_files.owner_id', 'batch_imports.owner_id'],
    forget: async (accountId, trx) => {
      const keys = await forgetAssistantRows(trx, accountId);
      // After the rows: a file that cannot be removed must not keep the person's rows.
      await Promise.all(keys.map((key) => storage.delete(key)));
    },
    export: (accountId, db) => exportAssistants(db, accountId),
  });
}

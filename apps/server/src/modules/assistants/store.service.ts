/**
 * Vector stores and their files (issue 14, ADR 019). A file has versions; each version is a
 * stored file (content hash, `assistants/<store>/<version>.<ext>` in the file storage) and is
 * indexed by a job. The file's current version changes only when a new version is ready, in
 * the same transaction that removes the old version's chunks; deleting a file removes its
 * chunks in the transaction that marks it deleted. Old versions' rows and stored files stay,
 * so what a reference cites can always be told apart from the file as it is now.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { assistants } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import { newId } from '../../security/secrets';
import type { FileStorage } from '../../storage/file-storage';
import { storageKey } from '../../storage/file-storage';
import type { DetectedType } from './ingest/file-type';
import { parseObject, presentFile } from './assistants.presenter';
import type { FileRow, VersionRow } from './assistants.presenter';
import { chunkHashes, retireVectors } from '../retrieval/embeddings';
import './assistants-tables';

type Db = Kysely<DatabaseSchema>;

export const INGEST_JOB = 'assistants-ingest';

export interface PipeTarget {
  readonly pipe: string;
  readonly listener: string;
}

export async function createVectorStore(db: Db, ownerId: string, name: string, attributes: Record<string, unknown>, assistantId: string | null, at: Date): Promise<string> {
  const id = newId();
  const now = at.toISOString();
  await db
    .insertInto('assistant_vector_stores')
    .values({ id, owner_id: ownerId, assistant_id: assistantId, name, attributes: JSON.stringify(attributes), state_pipe: null, state_listener: null, created_at: now, modified_at: now })
    .execute();
  return id;
}

export function loadStoreRow(db: Db, id: string) {
  return db.selectFrom('assistant_vector_stores').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchStore(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('assistant_vector_stores').set({ modified_at: at.toISOString() }).where('id', '=', id).execute();
}

/** The store's live files with their current versions, oldest first. */
export async function filesOf(db: Db, storeId: string): Promise<assistants.AssistantFile[]> {
  const files = await db.selectFrom('assistant_files').selectAll().where('vector_store_id', '=', storeId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
  if (files.length === 0) return [];
  const versions = await db.selectFrom('assistant_file_versions').selectAll().where('file_id', 'in', files.map((f) => f.id)).execute();
  return files.map((file) => presentFile(file, latestVersion(file, versions)));
}

/** What a file shows: its newest version while that one is being indexed or failed, else the current one. */
function latestVersion(file: FileRow, versions: readonly VersionRow[]): VersionRow {
  const own = versions.filter((v) => v.file_id === file.id).sort((a, b) => Number(b.version) - Number(a.version));
  const current = own.find((v) => v.id === file.current_version_id);
  const newest = own[0];
  if (!current) return newest as VersionRow;
  return newest && Number(newest.version) > Number(current.version) ? newest : current;
}

export async function presentStore(db: Db, storeId: string): Promise<assistants.VectorStore | undefined> {
  const row = await loadStoreRow(db, storeId);
  if (!row) return undefined;
  const files = await filesOf(db, storeId);
  const count = await db.selectFrom('assistant_chunks').select((eb) => eb.fn.countAll<number | string>().as('n')).where('vector_store_id', '=', storeId).executeTakeFirst();
  return {
    _id: row.id,
    name: row.name,
    assistantId: row.assistant_id,
    attributes: parseObject(row.attributes),
    files,
    modifiedAt: row.modified_at,
    chunks: Number(count?.n ?? 0),
    _createdAt: row.created_at,
  };
}

export function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export interface NewContent {
  readonly name: string;
  readonly type: DetectedType;
  readonly content: Buffer;
}

/** A file already streamed into the storage (an upload, issue 24): moved to its version's key, never read into memory. */
export interface ReceivedContent {
  readonly name: string;
  readonly type: DetectedType;
  readonly incomingKey: string;
  readonly size: number;
  readonly hash: string;
}

export type FileContent = NewContent | ReceivedContent;

const hashOf = (file: FileContent) => ('content' in file ? sha256(file.content) : file.hash);
const sizeOf = (file: FileContent) => ('content' in file ? file.content.length : file.size);

async function storeContent(storage: FileStorage, key: string, file: FileContent): Promise<void> {
  if ('content' in file) await storage.put(key, file.content, { exclusive: true });
  else await storage.rename(file.incomingKey, key);
}

/** A received file that is not stored after all (the same content is there already). */
async function discard(storage: FileStorage, file: FileContent): Promise<void> {
  if ('incomingKey' in file) await storage.delete(file.incomingKey);
}

/**
 * Adds a file to a store, or answers the live file of the store that already has this exact
 * content (the same sha256 is never stored or indexed twice in one store). Only a file's latest
 * version counts: an old version's content is no longer in the store (its chunks went with the
 * replacement), so importing it again is a new file, not "a duplicate" of the file that
 * replaced it (issue 25 item 23).
 */
export async function addFile(db: Db, storage: FileStorage, storeId: string, ownerId: string, file: FileContent, pipe: PipeTarget | undefined, at: Date): Promise<{ fileId: string; versionId: string; duplicate: boolean }> {
  const hash = hashOf(file);
  const existing = await db
    .selectFrom('assistant_files as f')
    .innerJoin('assistant_file_versions as v', 'v.file_id', 'f.id')
    .select(['f.id as fileId', 'v.id as versionId'])
    .where('f.vector_store_id', '=', storeId)
    .where('f.deleted_at', 'is', null)
    .where('v.content_hash', '=', hash)
    .where((eb) => eb('v.version', '=', eb.selectFrom('assistant_file_versions as latest').select((l) => l.fn.max('latest.version').as('v')).whereRef('latest.file_id', '=', 'f.id')))
    .executeTakeFirst();
  if (existing) {
    await discard(storage, file);
    return { ...existing, duplicate: true };
  }
  const fileId = newId();
  const versionId = newId();
  const key = storageKey('assistants', storeId, `${versionId}.${file.type.extension}`);
  await storeContent(storage, key, file);
  const now = at.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('assistant_files')
        .values({ id: fileId, vector_store_id: storeId, owner_id: ownerId, name: file.name, attributes: '{}', current_version_id: versionId, deleted_at: null, created_at: now, updated_at: now })
        .execute();
      await insertVersion(trx, { fileId, versionId, version: 1, hash, file, key, pipe, now });
      await touchStore(trx, storeId, at);
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return { fileId, versionId, duplicate: false };
}

interface VersionValues {
  fileId: string;
  versionId: string;
  version: number;
  hash: string;
  file: FileContent;
  key: string;
  pipe: PipeTarget | undefined;
  now: string;
}

async function insertVersion(db: Db, v: VersionValues): Promise<void> {
  await db
    .insertInto('assistant_file_versions')
    .values({
      id: v.versionId,
      file_id: v.fileId,
      version: v.version,
      content_hash: v.hash,
      content_type: v.file.type.contentType,
      size: sizeOf(v.file),
      storage_key: v.key,
      state: 'queued',
      error: null,
      pages: null,
      pipe_name: v.pipe?.pipe ?? null,
      listener_name: v.pipe?.listener ?? null,
      created_at: v.now,
    })
    .execute();
}

/** A new version of a live file; the same content as its newest version changes nothing. */
export async function replaceFileContent(db: Db, storage: FileStorage, file: FileRow, content: FileContent, pipe: PipeTarget | undefined, at: Date): Promise<{ versionId: string; unchanged: boolean }> {
  const hash = hashOf(content);
  const newest = await db.selectFrom('assistant_file_versions').selectAll().where('file_id', '=', file.id).orderBy('version', 'desc').executeTakeFirstOrThrow();
  if (newest.content_hash === hash) {
    await discard(storage, content);
    return { versionId: newest.id, unchanged: true };
  }
  const versionId = newId();
  const key = storageKey('assistants', file.vector_store_id, `${versionId}.${content.type.extension}`);
  await storeContent(storage, key, content);
  const now = at.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await insertVersion(trx, { fileId: file.id, versionId, version: Number(newest.version) + 1, hash, file: content, key, pipe, now });
      await trx.updateTable('assistant_files').set({ name: content.name, updated_at: now }).where('id', '=', file.id).execute();
      await touchStore(trx, file.vector_store_id, at);
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return { versionId, unchanged: false };
}

/** Marks a file deleted and removes its chunks from the index and their vectors no other chunk uses, in one transaction. */
export async function deleteFileRows(db: Db, file: FileRow, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const hashes = await chunkHashes(trx, 'file_id', file.id);
    await trx.deleteFrom('assistant_chunks').where('file_id', '=', file.id).execute();
    await retireVectors(trx, hashes);
    await trx.updateTable('assistant_files').set({ deleted_at: at.toISOString(), updated_at: at.toISOString() }).where('id', '=', file.id).execute();
    await touchStore(trx, file.vector_store_id, at);
  });
}

/** Removes a whole store: chunks, versions (and their stored files), files; answers the storage keys to delete afterwards. */
export async function deleteStoreRows(db: Db, storeId: string): Promise<string[]> {
  const keys = await db
    .selectFrom('assistant_file_versions as v')
    .innerJoin('assistant_files as f', 'f.id', 'v.file_id')
    .select('v.storage_key')
    .where('f.vector_store_id', '=', storeId)
    .execute();
  const hashes = await chunkHashes(db, 'vector_store_id', storeId);
  await db.deleteFrom('assistant_chunks').where('vector_store_id', '=', storeId).execute();
  await retireVectors(db, hashes);
  const fileIds = db.selectFrom('assistant_files').select('id').where('vector_store_id', '=', storeId);
  await db.deleteFrom('assistant_file_versions').where('file_id', 'in', fileIds).execute();
  await db.deleteFrom('assistant_files').where('vector_store_id', '=', storeId).execute();
  await db.deleteFrom('assistant_vector_store_shares').where('vector_store_id', '=', storeId).execute();
  await db.deleteFrom('assistant_vector_stores').where('id', '=', storeId).execute();
  return keys.map((k) => k.storage_key);
}

/** For references: whether each cited (file, version) is still current, replaced, or gone. */
export async function fileStatuses(db: Db, fileIds: readonly string[]): Promise<(fileId: string, versionId: string) => 'current' | 'replaced' | 'deleted'> {
  const rows = fileIds.length === 0 ? [] : await db.selectFrom('assistant_files').select(['id', 'current_version_id', 'deleted_at']).where('id', 'in', [...new Set(fileIds)]).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (fileId, versionId) => {
    const row = byId.get(fileId);
    if (!row || row.deleted_at !== null) return 'deleted';
    return row.current_version_id === versionId ? 'current' : 'replaced';
  };
}

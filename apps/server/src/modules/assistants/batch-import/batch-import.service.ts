/**
 * Batch imports as data (ADR 029): creating one stages every received file in the file storage
 * (`batch-imports/<import>/<n>`) and writes the import and one row per file in one transaction;
 * the job (batch-import.job.ts) then moves each file from `pending` to `imported`, `duplicate`
 * or `failed`. The report is computed from those rows, so it is the same whoever asks, whenever.
 */
import type { Kysely } from 'kysely';
import type { AppId, quantumHr } from '@chi/contract';
import type { DatabaseSchema } from '../../../db/schema';
import { newId } from '../../../security/secrets';
import type { FileStorage } from '../../../storage/file-storage';
import { storageKey } from '../../../storage/file-storage';
import type { PipeTarget } from '../store.service';
import type { ReceivedFile } from './unpack';
import './batch-import-tables';

type Db = Kysely<DatabaseSchema>;

export const BATCH_IMPORT_JOB = 'assistants-batch-import';

/** The stored name: the prefix, then `_` unless the prefix already ends in a separator. */
export function prefixedName(prefix: string, name: string): string {
  return /[-_.]$/.test(prefix) ? `${prefix}${name}` : `${prefix}_${name}`;
}

/** Where the files go: a vector store, or a generic document collection (ADR 029, 2026-11-24 amendment). */
export type ImportTarget = { readonly kind: 'vectorStore'; readonly storeId: string } | { readonly kind: 'documents'; readonly collection: quantumHr.ImportCollection };

export interface NewImport {
  readonly id?: string;
  readonly ownerId: string;
  readonly target: ImportTarget;
  readonly prefix: string;
  readonly pipe: PipeTarget | undefined;
  readonly files: readonly ReceivedFile[];
  readonly at: Date;
}

/** Stages the files and records the import; answers its id (the job is enqueued by the caller). */
export async function createImport(db: Db, storage: FileStorage, spec: NewImport): Promise<{ id: string; created: boolean }> {
  const id = spec.id ?? newId();
  // Staged under a folder of this call's own: a second call for a fixed id (the HR samples, asked
  // for by two requests or processes at once) never rewrites a file the first one's job is reading
  // (a rewrite truncates it first, so the job could read an empty posting: seen once, the store
  // kept 11 of 12).
  const staging = newId();
  const keys = spec.files.map((_, seq) => storageKey('batch-imports', id, staging, `${seq}.bin`));
  await Promise.all(spec.files.map((file, seq) => storage.put(keys[seq] as string, file.content, { exclusive: true })));
  const at = spec.at.toISOString();
  const created = await db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('batch_imports')
      .values({
        id,
        owner_id: spec.ownerId,
        vector_store_id: spec.target.kind === 'vectorStore' ? spec.target.storeId : null,
        target_app_id: spec.target.kind === 'documents' ? spec.target.collection.appId : null,
        target_data_type: spec.target.kind === 'documents' ? spec.target.collection.dataType : null,
        prefix: spec.prefix,
        status: 'running',
        pipe_name: spec.pipe?.pipe ?? null,
        listener_name: spec.pipe?.listener ?? null,
        created_at: at,
        finished_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const rows = spec.files.map((file, seq) => ({ import_id: id, seq, name: prefixedName(spec.prefix, file.name), size: file.content.length, staged_key: keys[seq] as string, state: 'pending', error: null, file_id: null }));
    for (let i = 0; i < rows.length; i += 100) await trx.insertInto('batch_import_items').values(rows.slice(i, i + 100)).execute();
    return true;
  });
  // The import was already there: its own staged files are the ones its job reads; these go.
  if (!created) await Promise.all(keys.map((key) => storage.delete(key)));
  return { id, created };
}

export type ItemRow = Awaited<ReturnType<typeof loadItems>>[number];

export function loadItems(db: Db, importId: string) {
  return db.selectFrom('batch_import_items').selectAll().where('import_id', '=', importId).orderBy('seq').execute();
}

export function presentItem(row: ItemRow): quantumHr.ImportItem {
  return { index: Number(row.seq), name: row.name, size: Number(row.size), state: row.state as quantumHr.ImportItemState, error: row.error, fileId: row.file_id };
}

export function reportOf(items: readonly ItemRow[]): quantumHr.ImportReport {
  return {
    total: items.length,
    imported: items.filter((i) => i.state === 'imported').length,
    duplicates: items.filter((i) => i.state === 'duplicate').length,
    failed: items.filter((i) => i.state === 'failed').map((i) => ({ name: i.name, reason: i.error ?? 'failed' })),
  };
}

export function collectionOf(row: { target_app_id: string | null; target_data_type: string | null }): quantumHr.ImportCollection | null {
  return row.target_app_id !== null && row.target_data_type !== null ? { appId: row.target_app_id as AppId, dataType: row.target_data_type } : null;
}

export async function presentImport(db: Db, id: string): Promise<quantumHr.BatchImport | undefined> {
  const row = await db.selectFrom('batch_imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const items = await loadItems(db, id);
  return {
    _id: row.id,
    prefix: row.prefix,
    vectorStoreId: row.vector_store_id,
    collection: collectionOf(row),
    status: row.status as quantumHr.ImportStatus,
    pipeName: row.pipe_name,
    listenerName: row.listener_name,
    items: items.map(presentItem),
    report: reportOf(items),
    _createdAt: row.created_at,
    _finishedAt: row.finished_at,
  };
}

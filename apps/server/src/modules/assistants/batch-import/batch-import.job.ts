/**
 * The batch import job (ADR 007 jobs, ADR 029). It walks the import's files in order; each
 * file's state is a row, written as soon as it changes, so a server that stops mid-import
 * (a deploy, a crash) leaves a job whose lease lapses or is handed back, and the next process
 * continues with the first file not yet done. A file is added with the assistants' `addFile`
 * (so the same content, by sha256, is never stored twice in a store: a duplicate is reported,
 * not imported) and indexed inline with the assistants' `ingestVersion` (one job per file
 * would queue behind this one on the same worker), so parse failures land in the report.
 * A file that cannot be indexed is removed again and reported failed with the reason.
 * An import into a document collection walks the same rows; each file becomes a generic
 * document instead (batch-import-documents.ts), deduplicated by its content hash.
 */
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { quantumHr } from '@chi/contract';
import type { DatabaseSchema } from '../../../db/schema';
import type { JobWorker } from '../../../jobs/job-worker';
import type { PipeHub } from '../../../pipes/pipe-hub';
import type { FileStorage } from '../../../storage/file-storage';
import { detectFileType } from '../ingest/file-type';
import type { DetectedType } from '../ingest/file-type';
import { announceState, ingestVersion } from '../ingest/ingest.job';
import { addFile, deleteFileRows } from '../store.service';
import type { PipeTarget } from '../store.service';
import { importDocument } from './batch-import-documents';
import type { ParseLimits } from '../ingest/isolated-parse';
import { BATCH_IMPORT_JOB, collectionOf, loadItems, presentItem, reportOf } from './batch-import.service';
import type { ItemRow } from './batch-import.service';

type Db = Kysely<DatabaseSchema>;

export interface BatchImportDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly hub: PipeHub;
  readonly now: () => Date;
  /** Heap and time one file's parse may take (issue 24). */
  readonly parseLimits?: ParseLimits | undefined;
}

type ImportRow = NonNullable<Awaited<ReturnType<typeof loadImport>>>;

function loadImport(db: Db, id: string) {
  return db.selectFrom('batch_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | undefined> {
  const stream = await storage.openRead(key);
  if (!stream) return undefined;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}

function pipeOf(row: ImportRow): PipeTarget | undefined {
  return row.pipe_name ? { pipe: row.pipe_name, listener: row.listener_name ?? 'import' } : undefined;
}

async function setItem(db: Db, item: ItemRow, values: Partial<Pick<ItemRow, 'state' | 'error' | 'file_id'>>): Promise<ItemRow> {
  await db.updateTable('batch_import_items').set(values).where('import_id', '=', item.import_id).where('seq', '=', item.seq).execute();
  return { ...item, ...values };
}

/**
 * After a restart, a file that was mid-import may already be in the store: it is this
 * import's own (not a duplicate) when the row recorded its id, or when no import row claims
 * that file and it was created by this import's owner since the import began.
 */
async function isOwnFile(db: Db, row: ImportRow, item: ItemRow, fileId: string): Promise<boolean> {
  if (item.file_id === fileId) return true;
  if (item.state !== 'importing' || item.file_id !== null) return false;
  const claimed = await db.selectFrom('batch_import_items').select('seq').where('file_id', '=', fileId).executeTakeFirst();
  if (claimed) return false;
  const file = await db.selectFrom('assistant_files').select(['owner_id', 'created_at']).where('id', '=', fileId).executeTakeFirst();
  return file !== undefined && file.owner_id === row.owner_id && file.created_at >= row.created_at;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

async function importItem(deps: BatchImportDeps, row: ImportRow, start: ItemRow, heartbeat: () => Promise<void>, signal: AbortSignal): Promise<ItemRow> {
  const { db, storage, now } = deps;
  let item = start.state === 'pending' ? await setItem(db, start, { state: 'importing' }) : start;
  const content = await readAll(storage, item.staged_key);
  if (signal.aborted) throw signal.reason;
  if (!content) return setItem(db, item, { state: 'failed', error: 'the uploaded file was lost before it could be imported' });
  const type = detectFileType(item.name, content);
  // The check names the file first; the report already does.
  if ('refused' in type) return setItem(db, item, { state: 'failed', error: type.refused.startsWith(`${item.name}: `) ? type.refused.slice(item.name.length + 2) : type.refused });

  if (row.vector_store_id === null) return importIntoCollection(deps, row, item, { name: item.name, type, content });

  const added = await addFile(db, storage, row.vector_store_id, row.owner_id, { name: item.name, type, content }, pipeOf(row), now());
  if (added.duplicate && !(await isOwnFile(db, row, item, added.fileId))) {
    const existing = await db.selectFrom('assistant_files').select('name').where('id', '=', added.fileId).executeTakeFirst();
    return setItem(db, item, { state: 'duplicate', error: `the same content as ${existing?.name ?? 'a file already there'}`, file_id: added.fileId });
  }
  item = await setItem(db, item, { file_id: added.fileId });

  const version = await db.selectFrom('assistant_file_versions').select(['state']).where('id', '=', added.versionId).executeTakeFirst();
  if (version?.state !== 'ready') {
    try {
      await ingestVersion(deps, added.versionId, heartbeat);
    } catch (error) {
      if (signal.aborted) throw error;
      await db.updateTable('assistant_file_versions').set({ state: 'failed', error: reasonOf(error) }).where('id', '=', added.versionId).execute();
      await announceState(deps, added.versionId);
    }
  }
  const after = await db.selectFrom('assistant_file_versions').select(['state', 'error']).where('id', '=', added.versionId).executeTakeFirst();
  if (after?.state === 'ready') return setItem(db, item, { state: 'imported', error: null });
  // Nothing half-imported stays behind: a file that could not be indexed leaves the store again.
  const file = await db.selectFrom('assistant_files').selectAll().where('id', '=', added.fileId).executeTakeFirst();
  if (file && file.deleted_at === null) await deleteFileRows(db, file, now());
  return setItem(db, item, { state: 'failed', error: after?.error ?? 'the file could not be indexed', file_id: null });
}

/** The collection branch: the same row states, the document id in `file_id` (batch-import-documents.ts). */
async function importIntoCollection(deps: BatchImportDeps, row: ImportRow, item: ItemRow, file: { name: string; type: DetectedType; content: Buffer }): Promise<ItemRow> {
  const collection = collectionOf(row);
  if (!collection) return setItem(deps.db, item, { state: 'failed', error: 'the import has no target' });
  const outcome = await importDocument(deps.db, { importId: row.id, seq: Number(item.seq), ownerId: row.owner_id, ...collection }, file, deps.now(), deps.parseLimits);
  if (outcome.state === 'failed') return setItem(deps.db, item, { state: 'failed', error: outcome.reason });
  if (outcome.state === 'duplicate') return setItem(deps.db, item, { state: 'duplicate', error: `the same content as ${outcome.of}`, file_id: outcome.id });
  return setItem(deps.db, item, { state: 'imported', error: null, file_id: outcome.id });
}

async function announceItem(deps: BatchImportDeps, row: ImportRow, item: ItemRow, items: readonly ItemRow[]): Promise<void> {
  const pipe = pipeOf(row);
  if (!pipe) return;
  const processed = items.filter((i) => i.state !== 'pending' && i.state !== 'importing').length;
  await deps.hub.publish(pipe.pipe, { type: 'import-item', listener: pipe.listener, importId: row.id, item: presentItem(item), processed, total: items.length });
}

async function finish(deps: BatchImportDeps, row: ImportRow, status: quantumHr.ImportStatus): Promise<void> {
  const { db, storage, now } = deps;
  await db.updateTable('batch_imports').set({ status, finished_at: now().toISOString() }).where('id', '=', row.id).execute();
  const items = await loadItems(db, row.id);
  await Promise.all(items.map((item) => storage.delete(item.staged_key)));
  const pipe = pipeOf(row);
  if (pipe) await deps.hub.publish(pipe.pipe, { type: 'import-done', listener: pipe.listener, importId: row.id, status, report: reportOf(items) });
}

export async function runImport(deps: BatchImportDeps, importId: string, heartbeat: () => Promise<void>, signal: AbortSignal): Promise<void> {
  const row = await loadImport(deps.db, importId);
  if (!row || row.status !== 'running') return;
  const items = await loadItems(deps.db, importId);
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i] as ItemRow;
    if (item.state !== 'pending' && item.state !== 'importing') continue;
    if (signal.aborted) throw signal.reason;
    items[i] = await importItem(deps, row, item, heartbeat, signal);
    await announceItem(deps, row, items[i] as ItemRow, items);
    await heartbeat();
  }
  await finish(deps, row, 'done');
}

export function defineBatchImportJob(jobs: JobWorker, deps: BatchImportDeps): void {
  jobs.define({
    kind: BATCH_IMPORT_JOB,
    payload: z.object({ importId: z.string() }),
    run: ({ payload, heartbeat, signal }) => runImport(deps, payload.importId, heartbeat, signal),
    onFail: async (payload, reason) => {
      const message = reason.kind === 'error' ? reasonOf(reason.error) : 'the import kept stopping';
      await deps.db
        .updateTable('batch_import_items')
        .set({ state: 'failed', error: `the import stopped: ${message}` })
        .where('import_id', '=', payload.importId)
        .where('state', 'in', ['pending', 'importing'])
        .execute();
      const row = await loadImport(deps.db, payload.importId);
      if (row) await finish(deps, row, 'failed');
    },
  });
}

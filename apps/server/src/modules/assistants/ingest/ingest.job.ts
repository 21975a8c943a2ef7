/**
 * Indexing a file version as a background job (ADR 007 jobs, ADR 019): parse → chunk → index,
 * each state sent on the version's pipe and the store's state pipe (`streamState`). The new
 * chunks go in, the file's older chunks go out and the file's current version moves, in one
 * transaction: a search sees the old version or the new one, never both, never neither.
 * A version that is no longer the newest (replaced again meanwhile) or whose file was deleted
 * is skipped. Document text never reaches a log line.
 */
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { assistants } from '@chi/contract';
import type { DatabaseSchema } from '../../../db/schema';
import type { JobWorker } from '../../../jobs/job-worker';
import type { PipeHub } from '../../../pipes/pipe-hub';
import type { FileStorage } from '../../../storage/file-storage';
import { INGEST_JOB } from '../store.service';
import { chunkHashes, missingVectors, retireVectors, storeVectors, textHash } from '../../retrieval/embeddings';
import type { Embedder, NewVector } from '../../retrieval/embeddings';
import { searchColumns } from '../../retrieval/language';
import { detectFileType } from './file-type';
import { parseIsolated } from './isolated-parse';
import type { ParseLimits } from './isolated-parse';

type Db = Kysely<DatabaseSchema>;
type FileState = assistants.FileState;

const PROGRESS: Readonly<Record<FileState, number>> = { queued: 0, parsing: 20, chunking: 50, indexing: 75, ready: 100, failed: 100 };
/** Chunks inserted per statement (SQLite's bound-parameter limit and PostgreSQL's are far above 10 × 200). */
const INSERT_BATCH = 200;

export interface IngestDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly hub: PipeHub;
  readonly now: () => Date;
  /** With an embedding endpoint: vectors for new texts, asked before the swap, stored in it (ADR 028). */
  readonly embedder?: Embedder | undefined;
  /** Heap and time one file's parse may take, in its worker (issue 24; defaults: INGEST_MEMORY_MB, INGEST_TIME_SECONDS). */
  readonly parseLimits?: ParseLimits | undefined;
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer> {
  const stream = await storage.openRead(key);
  if (!stream) throw new Error('the stored file is missing');
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}

/** Sends a version's state to its upload pipe and its store's state pipe. */
export async function announceState(deps: Pick<IngestDeps, 'db' | 'hub'>, versionId: string): Promise<void> {
  const row = await deps.db
    .selectFrom('assistant_file_versions as v')
    .innerJoin('assistant_files as f', 'f.id', 'v.file_id')
    .innerJoin('assistant_vector_stores as s', 's.id', 'f.vector_store_id')
    .select(['v.id', 'v.file_id', 'v.state', 'v.error', 'v.pipe_name', 'v.listener_name', 'f.name', 's.state_pipe', 's.state_listener'])
    .where('v.id', '=', versionId)
    .executeTakeFirst();
  if (!row) return;
  const state = row.state as FileState;
  const event = (listener: string) => ({ type: 'state', listener, fileId: row.file_id, versionId: row.id, name: row.name, state, progress: PROGRESS[state] ?? 0, error: row.error });
  const targets = new Map<string, string>();
  if (row.pipe_name) targets.set(row.pipe_name, row.listener_name ?? 'upload');
  if (row.state_pipe) targets.set(row.state_pipe, row.state_listener ?? 'state');
  for (const [pipe, listener] of targets) await deps.hub.publish(pipe, event(listener));
}

async function setState(deps: IngestDeps, versionId: string, state: FileState, extra: { error?: string | null; pages?: number | null; chunks?: number } = {}): Promise<void> {
  await deps.db.updateTable('assistant_file_versions').set({ state, ...extra }).where('id', '=', versionId).execute();
  await announceState(deps, versionId);
}

export async function ingestVersion(deps: IngestDeps, versionId: string, heartbeat: () => Promise<void> = async () => undefined): Promise<void> {
  const { db, now } = deps;
  const version = await db.selectFrom('assistant_file_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
  if (!version) return;
  const file = await db.selectFrom('assistant_files').selectAll().where('id', '=', version.file_id).executeTakeFirst();
  const newest = await db.selectFrom('assistant_file_versions').select(['id']).where('file_id', '=', version.file_id).orderBy('version', 'desc').executeTakeFirst();
  if (!file || file.deleted_at !== null || newest?.id !== versionId) return;

  await setState(deps, versionId, 'parsing');
  const content = await readAll(deps.storage, version.storage_key);
  const type = detectFileType(file.name, content);
  if ('refused' in type) throw new Error(type.refused);
  // Parsed and chunked in a worker thread under memory and time limits: a hostile file fails with its reason (ADR 041).
  const parsed = await parseIsolated(type.kind, content, deps.parseLimits, { chunk: true });
  await heartbeat();

  await setState(deps, versionId, 'chunking', { pages: parsed.pageStarts?.length ?? null });
  const chunks = parsed.chunks ?? [];
  if (chunks.length === 0) throw new Error('no text could be read from this file');

  await setState(deps, versionId, 'indexing');
  await heartbeat();
  const hashes = chunks.map((chunk) => textHash(chunk.text));
  // Only texts without a vector for this model go to the endpoint; a failure fails the indexing with its reason.
  const vectors: NewVector[] = deps.embedder ? await missingVectors(db, deps.embedder, new Map(hashes.map((hash, i) => [hash, chunks[i]?.text ?? '']))) : [];
  await heartbeat();
  const swapped = await db.transaction().execute(async (trx) => {
    // Re-checked inside the transaction: a delete or a newer version since we started wins.
    const live = await trx.selectFrom('assistant_files').select(['deleted_at']).where('id', '=', file.id).executeTakeFirst();
    const latest = await trx.selectFrom('assistant_file_versions').select(['id']).where('file_id', '=', file.id).orderBy('version', 'desc').executeTakeFirst();
    if (!live || live.deleted_at !== null || latest?.id !== versionId) return false;
    const retiring = await chunkHashes(trx, 'file_id', file.id);
    await trx.deleteFrom('assistant_chunks').where('file_id', '=', file.id).execute();
    if (deps.embedder) await storeVectors(trx, deps.embedder.model, vectors, now());
    for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
      await trx
        .insertInto('assistant_chunks')
        .values(
          chunks.slice(i, i + INSERT_BATCH).map((chunk, j) => ({
            vector_store_id: file.vector_store_id,
            file_id: file.id,
            version_id: versionId,
            chunk_index: chunk.index,
            heading: chunk.heading,
            text: chunk.text,
            page: chunk.page,
            start_offset: chunk.start,
            end_offset: chunk.end,
            content_hash: hashes[i + j] ?? textHash(chunk.text),
            ...searchColumns(chunk.heading, chunk.text),
          })),
        )
        .execute();
    }
    // The old version's vectors go with its chunks, unless the new chunks (or another file) use the same text.
    await retireVectors(trx, retiring);
    const at = now().toISOString();
    await trx.updateTable('assistant_files').set({ current_version_id: versionId, updated_at: at }).where('id', '=', file.id).execute();
    await trx.updateTable('assistant_file_versions').set({ state: 'ready', chunks: chunks.length, error: null }).where('id', '=', versionId).execute();
    await trx.updateTable('assistant_vector_stores').set({ modified_at: at }).where('id', '=', file.vector_store_id).execute();
    return true;
  });
  if (swapped) await announceState(deps, versionId);
}

export function defineIngestJob(jobs: JobWorker, deps: IngestDeps): void {
  jobs.define({
    kind: INGEST_JOB,
    payload: z.object({ versionId: z.string() }),
    run: async ({ payload, heartbeat }) => ingestVersion(deps, payload.versionId, heartbeat),
    onFail: async (payload, reason) => {
      const message = reason.kind === 'error' ? (reason.error instanceof Error ? reason.error.message : String(reason.error)) : 'indexing kept stopping';
      await setState(deps, payload.versionId, 'failed', { error: message.slice(0, 500) });
    },
  });
}

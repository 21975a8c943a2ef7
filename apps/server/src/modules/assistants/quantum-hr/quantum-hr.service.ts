/**
 * The Quantum HR assistant (issue 16 part 2, ADR 029): one record names the HR assistant (a
 * published custom assistant, so every logged-in user chats with it on the ordinary thread
 * page) and its two vector stores, postings and CVs. It is created on first use, by whichever
 * process gets there first (the record's fixed id decides; a loser's transaction is rolled
 * back), and the sample postings are imported by an ordinary batch import with a fixed id, so
 * creating them twice is impossible and an interrupted seed continues like any import.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema';
import type { JobWorker } from '../../../jobs/job-worker';
import { newId } from '../../../security/secrets';
import type { FileStorage } from '../../../storage/file-storage';
import { createVectorStore } from '../store.service';
import { BATCH_IMPORT_JOB, createImport } from '../batch-import/batch-import.service';
import { SAMPLE_POSTINGS } from './sample-postings';
import '../batch-import/batch-import-tables';

type Db = Kysely<DatabaseSchema>;

const RECORD_ID = 'default';
/** The HR assistant belongs to no person: managers of the app manage it, everyone logged in uses it. */
export const HR_OWNER = 'system:quantum-hr';
export const SAMPLES_IMPORT_ID = 'quantum-hr-samples';
export const SAMPLES_PREFIX = 'sample';

export const HR_INSTRUCTIONS = [
  'You are the Quantum HR assistant of a research centre. Answer questions about the open positions',
  'using only the job postings given as passages, and cite them. Say plainly when the postings do not',
  'answer a question. Never guess salaries, deadlines or contacts that the postings do not state.',
].join(' ');

export interface QuantumHrState {
  readonly assistantId: string;
  readonly postingsStoreId: string;
  readonly cvsStoreId: string;
}

export interface QuantumHrDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly now: () => Date;
  readonly jobs: JobWorker | undefined;
}

class AlreadyCreated extends Error {}

async function createRecord(db: Db, at: Date): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const assistantId = newId();
      const postingsStoreId = newId();
      const inserted = await trx
        .insertInto('quantum_hr')
        .values({ id: RECORD_ID, assistant_id: assistantId, postings_store_id: postingsStoreId, cvs_store_id: '', created_at: at.toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AlreadyCreated();
      const stamp = at.toISOString();
      await trx
        .insertInto('assistant_vector_stores')
        .values({ id: postingsStoreId, owner_id: HR_OWNER, assistant_id: null, name: 'Quantum HR: job postings', attributes: '{"quantumHr":"postings"}', state_pipe: null, state_listener: null, created_at: stamp, modified_at: stamp })
        .execute();
      await trx
        .insertInto('assistants')
        .values({
          id: assistantId,
          owner_id: HR_OWNER,
          kind: 'custom',
          name: 'Quantum HR assistant',
          description: 'Ask about the open positions; answers cite the job postings.',
          instructions: HR_INSTRUCTIONS,
          avatar_url: null,
          course: null,
          model_settings: '{}',
          vector_store_id: postingsStoreId,
          published: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await trx.updateTable('assistant_vector_stores').set({ assistant_id: assistantId }).where('id', '=', postingsStoreId).execute();
      const cvsStoreId = await createVectorStore(trx, HR_OWNER, 'Quantum HR: CVs', { quantumHr: 'cvs' }, null, at);
      await trx.updateTable('quantum_hr').set({ cvs_store_id: cvsStoreId }).where('id', '=', RECORD_ID).execute();
    });
  } catch (error) {
    if (!(error instanceof AlreadyCreated)) throw error;
  }
}

async function seedSamples(deps: QuantumHrDeps, state: QuantumHrState): Promise<void> {
  const { db, storage, now, jobs } = deps;
  const seeded = await db.selectFrom('batch_imports').select('id').where('id', '=', SAMPLES_IMPORT_ID).executeTakeFirst();
  if (seeded) return;
  const files = SAMPLE_POSTINGS.map((p) => ({ name: p.fileName, content: Buffer.from(p.markdown, 'utf8') }));
  const { created } = await createImport(db, storage, { id: SAMPLES_IMPORT_ID, ownerId: HR_OWNER, target: { kind: 'vectorStore', storeId: state.postingsStoreId }, prefix: SAMPLES_PREFIX, pipe: undefined, files, at: now() });
  if (created) await jobs?.enqueue(BATCH_IMPORT_JOB, { importId: SAMPLES_IMPORT_ID }, { id: SAMPLES_IMPORT_ID });
}

/** The HR record, created (with its sample postings queued for import) when it does not exist yet. */
export async function ensureQuantumHr(deps: QuantumHrDeps): Promise<QuantumHrState> {
  const { db, now } = deps;
  let row = await db.selectFrom('quantum_hr').selectAll().where('id', '=', RECORD_ID).executeTakeFirst();
  if (!row) {
    await createRecord(db, now());
    row = await db.selectFrom('quantum_hr').selectAll().where('id', '=', RECORD_ID).executeTakeFirstOrThrow();
  }
  const state = { assistantId: row.assistant_id, postingsStoreId: row.postings_store_id, cvsStoreId: row.cvs_store_id };
  await seedSamples(deps, state);
  return state;
}

/** Quantum HR calls (issue 16 part 2, ADR 029): the HR page's state and find jobs by skills. Every logged-in user. */
import type { FastifyInstance } from 'fastify';
import { quantumHr } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { AssistantsDeps } from '../assistants.routes';
import { findJobs, skillVocabulary } from './find-jobs';
import { ensureQuantumHr } from './quantum-hr.service';

export function registerQuantumHrRoutes(app: FastifyInstance, deps: AssistantsDeps): void {
  const { db, dialect } = deps.database;
  const hr = () => ensureQuantumHr({ db, storage: deps.storage, now: deps.now, jobs: app.jobs });

  registerHandler(app, quantumHr.getQuantumHr, async () => {
    const state = await hr();
    const files = await db
      .selectFrom('assistant_files as f')
      .innerJoin('assistant_file_versions as v', 'v.id', 'f.current_version_id')
      .select(['v.state'])
      .where('f.vector_store_id', '=', state.postingsStoreId)
      .where('f.deleted_at', 'is', null)
      .execute();
    const waiting = await db
      .selectFrom('batch_import_items as i')
      .innerJoin('batch_imports as b', 'b.id', 'i.import_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('b.vector_store_id', '=', state.postingsStoreId)
      .where('b.status', '=', 'running')
      .where('i.state', 'in', ['pending', 'importing'])
      .executeTakeFirst();
    return {
      ...state,
      postings: files.length,
      importing: Number(waiting?.n ?? 0),
      indexed: files.filter((f) => f.state === 'ready').length,
      skills: await skillVocabulary(db, state.postingsStoreId),
    };
  });

  registerHandler(app, quantumHr.findJobsBySkills, async (input) => {
    const state = await hr();
    return findJobs(db, dialect, state.postingsStoreId, input);
  });
}

/**
 * Quantum HR calls (issue 16 part 2, ADR 029): the HR page's state and find jobs by skills for
 * every logged-in user; the imported CVs (listed, or matched by id) for managers of the app.
 */
import type { FastifyInstance } from 'fastify';
import { quantumHr } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { AssistantsDeps } from '../assistants-deps';
import { validationError } from '../../../http/app-error';
import { findJobs, skillVocabulary } from './find-jobs';
import { assertMayUseCvs, cvText, listCvs } from './hr-cvs';
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

  registerHandler(app, quantumHr.findJobsBySkills, async (input, { request }) => {
    if (input.cvFileId === undefined) {
      const state = await hr();
      return findJobs(db, dialect, state.postingsStoreId, input);
    }
    assertMayUseCvs(request.user);
    if ((input.cv ?? '').trim() !== '') throw validationError('cvFileId: give a pasted cv or an imported cvFileId, not both');
    const state = await hr();
    const cv = await cvText(db, state.cvsStoreId, input.cvFileId);
    return findJobs(db, dialect, state.postingsStoreId, { ...input, cv: cv.text });
  });

  registerHandler(app, quantumHr.listHrCvs, async () => {
    const state = await hr();
    return { cvs: await listCvs(db, state.cvsStoreId) };
  });
}

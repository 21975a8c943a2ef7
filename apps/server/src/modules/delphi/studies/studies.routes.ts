/**
 * The study calls (issue 26, ADR 071). Every call checks the caller's level in the study on the
 * server: review reads, develop changes, manage opens and closes, own keeps the team; manageApp
 * and devOp act on every study.
 */
import type { FastifyInstance } from 'fastify';
import { delphi } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { DelphiDeps } from '../delphi-deps';
import { createStudy, listStudies, listStudyVersions, setStudyStatus, studyView, updateStudy } from './studies.service';
import { requireAccount, studyFor } from './study-access';
import { enterStudy } from './study-entry';
import { addMember, listMembers, removeMember } from './study-members';

export function registerStudyRoutes(app: FastifyInstance, deps: Pick<DelphiDeps, 'database' | 'now' | 'userData'>): void {
  const db = deps.database.db;

  registerHandler(app, delphi.createStudy, async (input, { request }) => ({
    study: await createStudy(db, requireAccount(request.user), input, deps.now()),
  }));

  registerHandler(app, delphi.getStudy, async (_input, { id, request }) => {
    const { study, access } = await studyFor(db, id ?? '', request.user, 'review');
    return { study: await studyView(db, study, access) };
  });

  registerHandler(app, delphi.listStudies, async (_input, { request }) => ({
    studies: await listStudies(db, requireAccount(request.user)),
  }));

  registerHandler(app, delphi.updateStudy, async (input, { id, request }) => {
    const { study, access } = await studyFor(db, id ?? '', request.user, 'develop');
    return { study: await updateStudy(db, study, access, input.update, deps.now()) };
  });

  registerHandler(app, delphi.setStudyStatus, async (input, { id, request }) => {
    const { study, access } = await studyFor(db, id ?? '', request.user, 'manage');
    return { study: await setStudyStatus(db, study, access, input.status, deps.now()) };
  });

  registerHandler(app, delphi.listStudyVersions, async (_input, { id, request }) => {
    const { study } = await studyFor(db, id ?? '', request.user, 'review');
    return { versions: await listStudyVersions(db, study.id) };
  });

  registerHandler(app, delphi.listStudyMembers, async (_input, { id, request }) => {
    const { study } = await studyFor(db, id ?? '', request.user, 'review');
    return { members: await listMembers(db, study.id) };
  });

  registerHandler(app, delphi.addStudyMember, async (input, { id, request }) => {
    const { study } = await studyFor(db, id ?? '', request.user, 'own');
    await addMember(db, study.id, input.accountId, input.level, deps.now());
    return { members: await listMembers(db, study.id) };
  });

  registerHandler(app, delphi.removeStudyMember, async (input, { id, request }) => {
    const { study } = await studyFor(db, id ?? '', request.user, 'own');
    await removeMember(db, study.id, input.accountId);
    return { members: await listMembers(db, study.id) };
  });

  registerHandler(app, delphi.enterStudy, async (input, { request, reply }) => enterStudy(db, request, reply, input, deps.now()));

  deps.userData.register({
    name: 'delphiStudyMembers',
    columns: ['delphi_study_members.account_id'],
    // A forgotten person leaves the teams they were in; the studies stay with their other members (and manageApp).
    forget: async (accountId, trx) => {
      await trx.deleteFrom('delphi_study_members').where('account_id', '=', accountId).execute();
    },
    export: async (accountId, userDb) => {
      const rows = await userDb
        .selectFrom('delphi_study_members as m')
        .innerJoin('delphi_studies as s', 's.id', 'm.study_id')
        .select(['s.slug', 's.name', 'm.level', 'm.added_at'])
        .where('m.account_id', '=', accountId)
        .orderBy('m.added_at')
        .execute();
      return rows.length === 0 ? undefined : rows.map((row) => ({ study: row.slug, name: row.name, level: row.level, since: row.added_at }));
    },
  });
}

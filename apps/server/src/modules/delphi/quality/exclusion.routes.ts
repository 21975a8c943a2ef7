/** Exclude / undo (manage+ in the suite's study) / the study's exclusion log (review+; ADR 074): a researcher's recorded decisions (ADR 025). */
import type { FastifyInstance } from 'fastify';
import { delphi } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { RequestUser } from '../../../http/request-user';
import type { DelphiDeps } from '../delphi-deps';
import { listExclusionLog, recordExclusion } from './exclusions';
import { researcherOf } from '../researcher';
import { dataScope, suiteStudy } from '../studies/data-scope';

export function registerExclusionRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const db = deps.database.db;

  /** Who decided (kept in the log after the account goes). */
  const researcher = (user: RequestUser | null) => researcherOf(db, user);

  deps.userData.register({
    name: 'delphiExclusions',
    columns: ['delphi_exclusion_log.by_account_id'],
    forget: async (accountId, trx) => {
      // The decision stays (it is the study's record), with the name it was made under.
      await trx.updateTable('delphi_exclusion_log').set({ by_account_id: null }).where('by_account_id', '=', accountId).execute();
    },
    export: async (accountId, userDb) => {
      const rows = await userDb
        .selectFrom('delphi_exclusion_log')
        .select(['participant_id', 'game_name', 'action', 'reason', 'at'])
        .where('by_account_id', '=', accountId)
        .orderBy('seq')
        .execute();
      return rows.length === 0 ? undefined : rows.map((row) => ({ participant: row.participant_id, game: row.game_name, action: row.action, reason: row.reason, at: row.at }));
    },
  });

  registerHandler(app, delphi.excludeParticipant, async (input, { request }) => {
    await suiteStudy(db, request.user, input.suite, 'manage');
    return { entry: await recordExclusion(db, 'exclude', input, await researcher(request.user), deps.now()) };
  });
  registerHandler(app, delphi.undoExclusion, async (input, { request }) => {
    await suiteStudy(db, request.user, input.suite, 'manage');
    return { entry: await recordExclusion(db, 'undo', input, await researcher(request.user), deps.now()) };
  });
  // The log of the study's suites, live and test runs alike (an exclusion is a decision about a suite, whatever its run).
  registerHandler(app, delphi.listExclusions, async (input, { request }) => ({
    entries: await listExclusionLog(db, input.suite, await dataScope(db, request.user, { study: input.study, runs: 'all' })),
  }));
}

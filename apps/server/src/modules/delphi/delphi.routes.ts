/**
 * The Delphi study suite's calls (issue 4): participants' suites and logging (public, with
 * the suite + participant pair and the browser's suite key as credential, ADR 043) and the
 * researchers' data (per study and its team's levels, ADR 074; manageApp and devOp see every study).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSION_LEVELS, delphi, derivePermissionLevel } from '@chi/contract';
import { AppError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import type { DelphiDeps } from './delphi-deps';
import { registerEventRoutes } from './events/events.routes';
import { registerExportRoutes } from './export/export.routes';
import { registerRecordingRoutes } from './recordings/recordings.routes';
import { listParticipants } from './participants';
import { registerExclusionRoutes } from './quality/exclusion.routes';
import { registerPlotRoutes } from './plots/plots.routes';
import { recordServices, type RecordContext } from './record-calls';
import { registerRecordBatchRoute } from './record-batch';
import { acceptConsent, declineConsent, studyCompletion } from './studies/study-run';
import { gameScores } from './scores';
import { initSuite } from './suite.service';
import { bindSuite, participantGuard, releaseSuite } from './suite-key';
import { researcherOf } from './researcher';
import { dataScope, suiteStudy } from './studies/data-scope';

function normaliseOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export function registerDelphiRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const db = deps.database.db;

  /** A reset deletes a participant's data: administrators only, or a test deployment that allows it. */
  const resetAllowed = (requested: boolean, level: number) =>
    requested && (deps.config.studyAllowReset || level >= PERMISSION_LEVELS.manageApp);

  // Both inits bind the suite to this browser, or refuse another one (suite-key.ts, ADR 043).
  registerHandler(app, delphi.initStudySuite, async (input, { request, reply }) => {
    const origin = normaliseOrigin(input.parentOrigin);
    if (origin === undefined || !deps.config.studyParentOrigins.includes(origin)) throw new AppError(delphi.DELPHI_ERRORS.parentOriginNotAllowed);
    const reset = resetAllowed(input.resetParticipantForTesting, derivePermissionLevel(request.user));
    const suite = await initSuite(db, deps.storage, { participantId: input._participantId, kind: 'study', parentOrigin: origin, reset }, deps.now());
    await bindSuite(db, request, reply, suite._id, input.browserKey);
    return { suite };
  });

  registerHandler(app, delphi.initLocalSuite, async (input, { request, reply }) => {
    const reset = resetAllowed(input.resetParticipantForTesting, derivePermissionLevel(request.user));
    const suite = await initSuite(db, deps.storage, { participantId: input._participantId, kind: 'local', parentOrigin: null, reset }, deps.now());
    await bindSuite(db, request, reply, suite._id, input.browserKey);
    return { suite };
  });

  // Every participant call: the suite's own browser only, within the suite's logging limit.
  const guard = participantGuard(deps);
  registerHandler(app, delphi.getGameScores, async (input, { request }) => {
    const suite = await guard(request, input, { write: false });
    return { games: await gameScores(db, suite.id) };
  });

  const records = recordServices(deps);
  const ctx = (request: FastifyRequest, id?: string): RecordContext => ({ userAgent: request.headers['user-agent'] ?? '', ...(id !== undefined ? { id } : {}) });
  registerHandler(app, delphi.startGame, async (input, { request }) => (await guard(request, input), records.startGame(input, ctx(request))));
  registerHandler(app, delphi.endGame, async (input, { id, request }) => (await guard(request, input), records.endGame(input, ctx(request, id))));
  registerHandler(app, delphi.startRound, async (input, { request }) => (await guard(request, input), records.startRound(input, ctx(request))));
  registerHandler(app, delphi.endRound, async (input, { request }) => (await guard(request, input), records.endRound(input, ctx(request))));
  registerHandler(app, delphi.logPrompt, async (input, { request }) => (await guard(request, input), records.logPrompt(input, ctx(request))));
  // The busiest call: its checks run with its context query's answer (one suite lookup fewer; same statuses, same order).
  registerHandler(app, delphi.logResponse, async (input, { request }) => records.logResponse(input, { ...ctx(request), admit: guard.admission(request, input) }));
  registerHandler(app, delphi.logEvent, async (input, { request }) => (await guard(request, input), records.logEvent(input, ctx(request))));
  registerRecordBatchRoute(app, deps, guard, records);
  registerHandler(app, delphi.acceptStudyConsent, async (input, { request }) => acceptConsent(db, await guard(request, input), input.consentVersion, input.language ?? null, deps.now()));
  registerHandler(app, delphi.declineStudyConsent, async (input, { request }) => declineConsent(db, await guard(request, input)));
  registerHandler(app, delphi.getStudyCompletion, async (input, { request }) => studyCompletion(db, await guard(request, input, { write: false })));

  deps.userData.register({
    name: 'delphiSuiteReleases',
    columns: ['delphi_suite_releases.by_account_id'],
    // A release stays in the study's log (who let a participant's suite go), with the name it was made under.
    forget: async (accountId, trx) => {
      await trx.updateTable('delphi_suite_releases').set({ by_account_id: null }).where('by_account_id', '=', accountId).execute();
    },
    export: async (accountId, userDb) => {
      const rows = await userDb.selectFrom('delphi_suite_releases').select(['suite_id', 'at']).where('by_account_id', '=', accountId).orderBy('at').execute();
      return rows.length === 0 ? undefined : rows.map((row) => ({ suite: row.suite_id, at: row.at }));
    },
  });
  // A release is a manager's decision in the suite's study (ADR 074).
  registerHandler(app, delphi.releaseSuite, async (input, { request }) => {
    await suiteStudy(db, request.user, input.suite, 'manage');
    return { release: await releaseSuite(db, input.suite, await researcherOf(db, request.user), deps.now()) };
  });

  registerHandler(app, delphi.listParticipants, async (input, { request }) => listParticipants(db, input, await dataScope(db, request.user, input), deps.now()));
  registerExclusionRoutes(app, deps);

  registerExportRoutes(app, deps);
  registerRecordingRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerPlotRoutes(app, deps);
}

/** The CCF app's calls (issue 15): researchers' session definitions and participants' sessions. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ccf } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { registerHandler } from '../../http/registrar';
import type { Mailer } from '../../mail/mailer';
import { LIMITS } from '../../security/rate-limiter';
import type { RateLimiter } from '../../security/rate-limiter';
import type { UserDataRegistry } from '../account/user-data-registry';
import { limitKeyFailures } from '../keyed-session/key-failures';
import { CCF_ERRORS } from './ccf-errors';
import { cookieJar } from './ccf-participant-secret';
import { getSession, selectField, submitField } from './ccf-participant.service';
import type { FieldCallContext } from './ccf-participant.service';
import { closeSession, createSession, listSessions, managedSession, sessionResults } from './ccf-research.service';
import { exportCsv } from './ccf-export';
import { signUpForSession } from './ccf-sign-up.service';

export interface CcfDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  readonly userData: UserDataRegistry;
}

export function registerCcfRoutes(app: FastifyInstance, deps: CcfDeps): void {
  const db = deps.database.db;

  registerHandler(app, ccf.createSession, (input, { request }) => createSession(db, request.user, input, deps.now()));
  registerHandler(app, ccf.listSessions, (_input, { request }) => listSessions(db, request.user));
  registerHandler(app, ccf.getResults, async (_input, { request, id }) => sessionResults(db, await managedSession(db, request.user, id)));
  registerHandler(app, ccf.closeSession, async (_input, { request, id }) => closeSession(db, await managedSession(db, request.user, id), deps.now()));
  registerHandler(app, ccf.exportSession, async (_input, { request, reply, id }) => {
    const session = await managedSession(db, request.user, id);
    const csv = await exportCsv(db, session);
    const day = deps.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ccf-session-${session.id.slice(0, 8)}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  // Only failed key checks count per address (issue 25 item 14); field calls count per participant.
  const fieldCalls = (request: FastifyRequest, reply: FastifyReply): FieldCallContext => ({
    db,
    now: deps.now(),
    jar: cookieJar(request, reply),
    countCall: (participantId) => deps.limiter.hit([{ key: `ccf:field:${participantId}`, limit: LIMITS.ccfFieldCallsPerParticipant }]),
  });
  const keyFailures = [CCF_ERRORS.otherBrowser];
  registerHandler(app, ccf.getSession, (input, { request, reply }) =>
    limitKeyFailures(deps.limiter, request, () => getSession(db, input.sessionKey, input.userId, deps.now(), cookieJar(request, reply)), keyFailures),
  );
  registerHandler(app, ccf.selectField, (input, { request, reply }) => limitKeyFailures(deps.limiter, request, () => selectField(fieldCalls(request, reply), input), keyFailures));
  registerHandler(app, ccf.submitField, (input, { request, reply }) => limitKeyFailures(deps.limiter, request, () => submitField(fieldCalls(request, reply), input), keyFailures));
  registerHandler(app, ccf.signUp, (input, { request }) => signUpForSession({ db, config: deps.config, mailer: deps.mailer, limiter: deps.limiter, now: deps.now }, input, request));

  // A forgotten researcher's sessions stay (they are the participants' data) without an owner.
  deps.userData.register({
    name: 'ccfSessions',
    columns: ['ccf_sessions.owner_id'],
    forget: async (accountId, trx) => {
      await trx.updateTable('ccf_sessions').set({ owner_id: null }).where('owner_id', '=', accountId).execute();
    },
    export: async (accountId, userDb) => {
      const rows = await userDb.selectFrom('ccf_sessions').select(['id', 'title', 'status', 'created_at']).where('owner_id', '=', accountId).orderBy('created_at').execute();
      return rows.map((row) => ({ _id: row.id, title: row.title, status: row.status, createdAt: row.created_at }));
    },
  });
}

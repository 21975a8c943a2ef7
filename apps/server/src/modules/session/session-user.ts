/**
 * Who is calling: one onRequest hook reads the session cookie, loads the session and its
 * account, and sets `request.user`, so the registrar's permission check works for every
 * call. Expired sessions are deleted on sight; activity slides the idle expiry forward.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { APP_ADMIN_FLAG, DEVOP_FLAG } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { isApiPath } from '../../http/api-paths';
import { SESSION_TOUCH_MS, clearSessionCookie, sessionCookieValue, setSessionCookie } from './session-cookie';
import { deleteSessionById, findSessionBySecret, idleExpiry, touchSession } from './session.repo';

export interface SessionUserDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now?: () => Date;
}

export function registerSessionUser(app: FastifyInstance, { config, database, now = () => new Date() }: SessionUserDeps): void {
  void app.register(cookie);

  app.addHook('onRequest', async (request, reply) => {
    request.user = null;
    // Pages and assets never need the caller; only the API pays for the lookup.
    if (!isApiPath(request.url)) return;
    const secret = sessionCookieValue(request);
    if (secret === undefined) return;

    const session = await findSessionBySecret(database.db, secret);
    const at = now();
    if (!session || new Date(session.expiresAt) <= at || (session.accountId !== null && session.status !== 'active')) {
      if (session) await deleteSessionById(database.db, session.sessionId);
      clearSessionCookie(request, reply, config.publicDomain);
      return;
    }

    if (at.getTime() - new Date(session.lastSeenAt).getTime() >= SESSION_TOUCH_MS) {
      const expiresAt = idleExpiry(at, session.maxExpiresAt);
      await touchSession(database.db, session.sessionId, at, expiresAt);
      setSessionCookie(request, reply, config.publicDomain, secret, expiresAt);
    }

    request.user =
      session.accountId === null
        ? { id: session.sessionId, sessionId: session.sessionId, isGuest: true }
        : {
            id: session.accountId,
            sessionId: session.sessionId,
            isGuest: false,
            [DEVOP_FLAG]: session.isDevOp === 1,
            [APP_ADMIN_FLAG]: session.isAppAdmin === 1,
          };
  });
}

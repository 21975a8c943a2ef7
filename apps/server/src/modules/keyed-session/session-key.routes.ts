/** Session keys (issue 3 §6): administrators create, list and revoke them; visitors enter one. */
import type { FastifyInstance } from 'fastify';
import { session } from '@chi/contract';
import { AppError, validationError } from '../../http/app-error';
import type { RateLimiter } from '../../security/rate-limiter';
import { registerHandler } from '../../http/registrar';
import { guestUser } from '../account/account.repo';
import { USER_NOT_FOUND } from '../account/account-errors';
import { SESSION_KEY_ERROR } from './keyed-session-errors';
import { findSessionKey, insertSessionKey, listSessionKeys, revokeSessionKey, toSessionKeyRecord, useSessionKey } from './session-key.repo';
import { limitKeyFailures } from './key-failures';
import { startSession } from '../session/session.service';
import type { SessionDeps } from '../session/session.service';

export interface SessionKeyDeps extends SessionDeps {
  readonly limiter: RateLimiter;
}

const KEY_NOT_FOUND = { ...USER_NOT_FOUND, message: 'No such session key.' };

export function registerSessionKeyRoutes(app: FastifyInstance, deps: SessionKeyDeps): void {
  const db = deps.database.db;

  registerHandler(app, session.create, async (input, { request }) => {
    const now = deps.now();
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt <= now) throw validationError('expiresAt: must be in the future');
    const createdBy = request.user && request.user.isGuest !== true ? request.user.id : null;
    const { key, row } = await insertSessionKey(db, { label: input.label, expiresAt, maxUses: input.maxUses ?? null, createdBy }, now);
    return { key, sessionKey: toSessionKeyRecord(row, now) };
  });

  registerHandler(app, session.list, async () => {
    const now = deps.now();
    return { sessionKeys: (await listSessionKeys(db)).map((row) => toSessionKeyRecord(row, now)) };
  });

  registerHandler(app, session.revoke, async (_input, { id }) => {
    const now = deps.now();
    const existing = id === undefined ? undefined : await findSessionKey(db, id);
    if (!existing) throw new AppError(KEY_NOT_FOUND);
    await revokeSessionKey(db, existing.id, now);
    const row = await findSessionKey(db, existing.id);
    if (!row) throw new AppError(KEY_NOT_FOUND);
    return toSessionKeyRecord(row, now);
  });

  registerHandler(app, session.enterSessionKey, async (input, { request, reply }) => {
    // Only wrong keys count (issue 25 item 14): a class behind one NAT address all get in.
    const used = await limitKeyFailures(deps.limiter, request, async () => {
      const found = await useSessionKey(db, input.key, deps.now());
      if (!found) throw new AppError(SESSION_KEY_ERROR);
      return found;
    });
    const sessionId = await startSession(deps, request, reply, { sessionKeyId: used.id, maxExpiresAt: used.expiresAt });
    return {
      Error: null,
      User: guestUser(sessionId),
      _sessionKey: sessionId,
    };
  });
}

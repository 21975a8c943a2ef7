/** Starting and ending sessions for the calls that log in or out. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { clearSessionCookie, sessionCookieValue, setSessionCookie } from './session-cookie';
import { deleteSessionBySecret, insertSession } from './session.repo';
import type { SessionOwner } from './session.repo';

export interface SessionDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
}

/**
 * A fresh session (new id and secret on every login, against session fixation); the one the
 * browser held before is deleted. Answers the new session's public id.
 */
export async function startSession(
  deps: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: SessionOwner,
): Promise<string> {
  const previous = sessionCookieValue(request);
  if (previous !== undefined) await deleteSessionBySecret(deps.database.db, previous);
  const session = await insertSession(deps.database.db, owner, deps.now());
  setSessionCookie(request, reply, deps.config.publicDomain, session.secret, session.expiresAt);
  return session.id;
}

/** Deletes the caller's session server-side and clears the cookie. */
export async function endSession(deps: SessionDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const secret = sessionCookieValue(request);
  if (secret !== undefined) await deleteSessionBySecret(deps.database.db, secret);
  clearSessionCookie(request, reply, deps.config.publicDomain);
}

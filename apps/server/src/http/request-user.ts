/** The caller of a request, as the permission check sees it. */
import type { FastifyInstance } from 'fastify';
import type { UserFlags } from '@chi/contract';

/** Filled from the session cookie (modules/session/session-user.ts); `null` for an anonymous caller. */
export interface RequestUser extends UserFlags {
  /** The account id; for a session-key guest, the public id of its session. */
  readonly id: string;
  /** Public id of the caller's session (absent only where a test fakes a user). */
  readonly sessionId?: string;
  /** A session-key guest: logged in for permission purposes, but with no account. */
  readonly isGuest?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

export function decorateRequestUser(app: FastifyInstance): void {
  app.decorateRequest('user', null);
}

/** The caller of a request, as the permission check sees it. */
import type { FastifyInstance } from 'fastify';
import type { UserFlags } from '@chi/contract';

/** Filled from the session by the accounts module; `null` for an anonymous caller. */
export interface RequestUser extends UserFlags {
  readonly id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

export function decorateRequestUser(app: FastifyInstance): void {
  app.decorateRequest('user', null);
}

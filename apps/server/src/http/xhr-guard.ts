/**
 * CSRF defence: the session cookie is SameSite=Lax for the whole domain, so a form on any
 * `*.chi.localhost` page could post to the API with it. Browsers only let scripts on our own
 * origin add a custom header without a CORS preflight (which we never grant), so requiring
 * `X-Requested-With: XMLHttpRequest` on every state-changing call refuses such requests.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, XHR_HEADER, XHR_HEADER_VALUE } from '@chi/contract';
import { isApiPath } from './api-paths';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER = XHR_HEADER.toLowerCase();

export function hasXhrHeader(request: FastifyRequest): boolean {
  const value = request.headers[HEADER];
  return typeof value === 'string' && value.toLowerCase() === XHR_HEADER_VALUE.toLowerCase();
}

export function registerXhrGuard(app: FastifyInstance): void {
  // onRequest runs before the body is read, so a refused request costs nothing.
  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method) && isApiPath(request.url) && !hasXhrHeader(request)) {
      throw new AppError(ERRORS.forbidden);
    }
  });
}

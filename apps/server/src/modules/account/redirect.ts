/**
 * Where mail links point. `_redirectTo` must be a bare http(s) origin on PUBLIC_DOMAIN or a
 * subdomain of it, so a mail from us can never send its reader (and a token) elsewhere.
 */
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../http/app-error';

export function isAllowedOrigin(value: string, publicDomain: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // Only an origin: a path, query, fragment or credentials could smuggle a second target.
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return false;
  if (url.pathname !== '/' || !/^https?:\/\/[^/?#]+\/?$/i.test(value)) return false;
  const host = url.hostname.toLowerCase();
  return host === publicDomain || host.endsWith(`.${publicDomain}`);
}

/** The origin mail links start with, or a 400 naming `_redirectTo`. */
export function checkRedirectTo(value: string, publicDomain: string): string {
  if (!isAllowedOrigin(value, publicDomain)) {
    throw validationError(`_redirectTo: must be an http(s) origin on ${publicDomain} or one of its subdomains`);
  }
  return new URL(value).origin;
}

/** For calls where the spec sends no `_redirectTo`: the page's own origin (the Origin header, else the host). */
export function redirectToOrDefault(value: string | undefined, request: FastifyRequest, publicDomain: string): string {
  if (value !== undefined) return checkRedirectTo(value, publicDomain);
  const origin = request.headers.origin;
  const candidate = typeof origin === 'string' && origin !== 'null' ? origin : `${request.protocol}://${request.host}`;
  return checkRedirectTo(candidate, publicDomain);
}

export function mailLink(origin: string, route: string, token: string): string {
  return `${origin}/${route}/${token}`;
}

/**
 * The session cookie (DESIGN §5): HttpOnly, SameSite=Lax, Path=/, for the whole PUBLIC_DOMAIN
 * when the request came to it or a subdomain (one login for every sub-app), host-only
 * otherwise (e.g. 127.0.0.1), Secure when the request is HTTPS.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'chi_session';
/** Sliding idle expiry: a session unused this long ends. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60_000;
/** last_seen_at (and the cookie's expiry) is refreshed at most this often, not on every call. */
export const SESSION_TOUCH_MS = 5 * 60_000;

export function cookieDomainFor(hostname: string, publicDomain: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === publicDomain || host.endsWith(`.${publicDomain}`) ? publicDomain : undefined;
}

function options(request: FastifyRequest, publicDomain: string): CookieSerializeOptions {
  const domain = cookieDomainFor(request.hostname, publicDomain);
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    ...(domain ? { domain } : {}),
  };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, publicDomain: string, value: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, value, { ...options(request, publicDomain), expires: expiresAt });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, publicDomain: string): void {
  reply.clearCookie(SESSION_COOKIE, options(request, publicDomain));
}

export function sessionCookieValue(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

/** Security headers on every response, including errors, 404s and static files. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appIdFromHost } from '@chi/contract';
import { isApiPath } from './api-paths';

const CSP_BASE = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets inline style attributes; scripts stay strictly same-origin.
  "style-src 'self' 'unsafe-inline'",
  // External images come through the same-origin image proxy (ADR 058); avatars from Gravatar.
  "img-src 'self' data: blob: https://www.gravatar.com",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  // Morning Memo records the voice; nothing uses the camera or location.
  'permissions-policy': 'microphone=(self), camera=(), geolocation=()',
};

export interface FrameRules {
  readonly studyParentOrigins: readonly string[];
}

export type HeaderSetter = (request: FastifyRequest, reply: FastifyReply) => void;

export function securityHeaders(rules: FrameRules): HeaderSetter {
  const framedCsp = `${CSP_BASE}; frame-ancestors ${["'self'", ...rules.studyParentOrigins].join(' ')}`;
  const unframedCsp = `${CSP_BASE}; frame-ancestors 'none'`;

  return (request, reply) => {
    reply.headers(COMMON_HEADERS);
    // The delphi study is embedded by partner sites (SPEC §7 initStudySuite's parentOrigin);
    // X-Frame-Options cannot list origins, so there only the CSP rule applies.
    // A route that set its own, stricter policy keeps it (the sandbox of `/uploads/:id`, issue 24).
    if (reply.hasHeader('content-security-policy')) {
      reply.header('x-frame-options', 'DENY');
    } else if (appIdFromHost(request.host) === 'delphi') {
      reply.header('content-security-policy', framedCsp);
    } else {
      reply.header('content-security-policy', unframedCsp);
      reply.header('x-frame-options', 'DENY');
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers may carry personal data: no browser or proxy keeps a copy.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  };
}

export function registerSecurityHeaders(app: FastifyInstance, setHeaders: HeaderSetter): void {
  // onSend runs for every answer, errors and not-found included, just before the headers go out.
  app.addHook('onSend', async (request, reply, payload) => {
    setHeaders(request, reply);
    return payload;
  });
}

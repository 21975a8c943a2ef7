/**
 * Structured request logs (pino via Fastify) that never contain secrets: no headers (so no
 * cookies or authorization), no bodies, and token-like query values and mail-link tokens
 * replaced before anything is written.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';

export interface LogStream {
  write(message: string): void;
}

export interface LoggerOverrides {
  readonly level?: LogLevel;
  /** Where log lines go (default stdout); tests capture them here. */
  readonly stream?: LogStream;
}

export const REDACTED = '[REDACTED]';

const SENSITIVE_PARAM = /token|pass|secret|key|auth|session|code|signature|cookie/i;

/** SPEC §2 app routes whose second segment is a single-use token from a mail link. */
const TOKEN_ROUTES = new Set([
  'activateaccount',
  'activateacademicaccount',
  'resetpassword',
  'changeaccountemail',
  'activatenewemail',
  'downloadmydata',
  'forgetaboutme',
]);

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const segments = path.split('/');
  if (segments.length > 2 && TOKEN_ROUTES.has(safeDecode(segments[1] ?? '').toLowerCase())) segments[2] = REDACTED;
  const safePath = segments.join('/');
  if (queryStart < 0) return safePath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      return SENSITIVE_PARAM.test(safeDecode(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

export function loggerOptions(level: LogLevel, overrides: LoggerOverrides = {}): FastifyServerOptions['logger'] {
  return {
    level: overrides.level ?? level,
    ...(overrides.stream ? { stream: overrides.stream } : {}),
    serializers: {
      // Replaces Fastify's default so that whoever logs `{ req }` gets no headers and a safe URL.
      req: (request: RequestLike) => ({
        method: request.method,
        url: redactUrl(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    // A second line of defence should someone log headers explicitly.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        'res.headers["set-cookie"]',
        'body',
        'req.body',
      ],
      censor: REDACTED,
    },
  };
}

/** Levels at which an `info` line is written (pino's level names, finest first). */
const WRITES_INFO = new Set(['trace', 'debug', 'info']);

/** One line per request, after the answer: method, URL, status and duration together. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // At warn, error or silent the line would be dropped: skip building it (redacting the URL).
    if (!WRITES_INFO.has(request.log.level)) return;
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
}

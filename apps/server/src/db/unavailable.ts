/**
 * A database that is away (restarting, failing over, its connections dropped) is a passing
 * state, not a bug: a call that meets it is answered 503 with `Retry-After` (ADR 067), which
 * every client retries (the outbox's policy, ADR 005), instead of a 500. The pool itself
 * reconnects: a broken connection is dropped on release and the next call opens a new one.
 *
 * Recognised: PostgreSQL's connection-exception class (08…), the shutdown codes (57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now, e.g. "the database system is
 * starting up"), too many connections (53300), the socket errors Node reports for a server
 * that is gone, and the messages node-postgres raises for a connection it lost or could not
 * open in time. SQLite's own errors (a busy file, a full disk) are not a database that is
 * away and keep their meaning.
 *
 * Only errors the database driver threw count (`db/driver-errors.ts` marks them): the same
 * socket codes from anything else (a model endpoint refusing, an image host resetting) are not
 * the database, and get their own handling (or a 500), never a 503 "try again shortly".
 */
import { isDriverError } from './driver-errors';

/** Seconds a client should wait before retrying: about the time a PostgreSQL restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];

function one(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (PG_CODES.has(code) || SOCKET_CODES.has(code)) return true;
  }
  return typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m));
}

/** Whether `error` or what it wraps (`cause`, an AggregateError's errors) says a connection is away. */
function saysAway(error: unknown, depth: number): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  if (one(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((e) => saysAway(e, depth + 1))) return true;
  return saysAway(cause, depth + 1);
}

/**
 * Whether `error` says the database cannot be reached now: an error the database driver threw
 * (itself or wrapped in `cause` / an AggregateError by whoever caught it) that says so itself
 * or through what it wraps (pg's AggregateError of refused addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  if (isDriverError(error) && saysAway(error, 0)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Session keys are limited by FAILED attempts only (issue 25 item 14): a wrong, expired or
 * used-up key, a personal key for another user id, another browser's CCF participant. A class
 * behind one NAT address entering a valid key never runs into the limit however many people
 * it has; someone trying keys stops after LIMITS.sessionKeyFailuresPerAddress. Shared by
 * enterSessionKey, the CCF participant calls and creative-visions sessions.
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorInfo } from '@chi/contract';
import { AppError } from '../../http/app-error';
import { LIMITS } from '../../security/rate-limiter';
import type { RateLimiter } from '../../security/rate-limiter';
import { SESSION_KEY_ERROR } from './keyed-session-errors';
import { PERSONAL_KEY_ERROR } from './sign-up.service';

const KEY_FAILURES: readonly ErrorInfo[] = [SESSION_KEY_ERROR, PERSONAL_KEY_ERROR];

/** Runs a key check: refused (429, Retry-After) while the address has too many failures; counts a failure. */
export async function limitKeyFailures<T>(
  limiter: RateLimiter,
  request: FastifyRequest,
  attempt: () => Promise<T>,
  alsoFailures: readonly ErrorInfo[] = [],
): Promise<T> {
  const bucket = { key: `session-key:fail:address:${request.ip}`, limit: LIMITS.sessionKeyFailuresPerAddress };
  await limiter.check([bucket]);
  try {
    return await attempt();
  } catch (error) {
    const failures = [...KEY_FAILURES, ...alsoFailures];
    if (error instanceof AppError && failures.some((f) => f.message === error.info.message && f.code === error.info.code)) {
      await limiter.count([bucket]);
    }
    throw error;
  }
}

/**
 * Password guessing limits (issue 24 item 5). Only FAILED passwords count, in three places:
 * - per (address, account) pair, 10 in 15 minutes: a guesser stops only itself; the owner,
 *   from any other address, still logs in with the right password;
 * - per address over all accounts, 50 in 15 minutes: one address spraying many accounts;
 * - per account from everywhere: past BACKOFF_AFTER failures in an hour (a guesser with many
 *   addresses), each further failure makes the account wait 1 s, 2 s, 4 s … (at most
 *   MAX_BACKOFF_MS) before the next attempt from anywhere: a back-off, never a lock-out for the window.
 * A right password clears the pair and the account's back-off. Every 429 says `Retry-After`.
 */
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../security/rate-limiter';
import type { Bucket, RateLimiter } from '../../security/rate-limiter';

export const BACKOFF_AFTER = 20;
export const MAX_BACKOFF_MS = 15 * 60_000;
const ONE = { max: 1, windowMs: 0 };

/** The wait before the next attempt once an account has `failures` in the window. */
export function backoffMs(failures: number): number {
  if (failures <= BACKOFF_AFTER) return 0;
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(30, failures - BACKOFF_AFTER - 1));
}

export interface LoginGuard {
  /** 429 before any password is checked when this caller or account must wait. */
  check(): Promise<void>;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export function loginGuard(limiter: RateLimiter, request: FastifyRequest, email: string, now: () => Date): LoginGuard {
  const pair: Bucket = { key: `login:fail:pair:${request.ip}:${email}`, limit: LIMITS.loginFailuresPerPair };
  const address: Bucket = { key: `login:fail:address:${request.ip}`, limit: LIMITS.loginFailuresPerAddress };
  const account: Bucket = { key: `login:fail:email:${email}`, limit: LIMITS.loginFailuresPerAccount };
  const wait: Bucket = { key: `login:wait:email:${email}`, limit: ONE };
  return {
    check: () => limiter.check([pair, address, wait]),
    failed: async () => {
      const [, , failures = 0] = await limiter.count([pair, address, account]);
      const ms = backoffMs(failures);
      if (ms > 0) await limiter.block(wait.key, new Date(now().getTime() + ms));
    },
    succeeded: () => limiter.clear([pair.key, account.key, wait.key]),
  };
}

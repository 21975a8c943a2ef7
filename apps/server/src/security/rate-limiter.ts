/**
 * Fixed-window attempt counters for abuse-prone calls (login, mail sends, session keys).
 * In memory, so the limits hold per server process: with several processes behind a load
 * balancer each counts on its own (a shared store such as PostgreSQL would be the next step).
 */
import { TOO_MANY_REQUESTS } from '@chi/contract';
import { AppError } from '../http/app-error';

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

const MINUTE = 60_000;

/** The limits of issue 3 §8; one bucket per account (e-mail) and one per client address. */
export const LIMITS = {
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 50, windowMs: 15 * MINUTE },
  mailPerEmail: { max: 5, windowMs: 60 * MINUTE },
  mailPerAddress: { max: 30, windowMs: 60 * MINUTE },
  sessionKeyPerAddress: { max: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Counts one attempt against every bucket, or throws 429 without counting when any bucket
   * is full (so a blocked client does not extend its own block).
   */
  hit(buckets: readonly { key: string; limit: Limit }[]): void {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    const current = buckets.map(({ key, limit }) => {
      const existing = this.windows.get(key);
      const window = existing && existing.resetAt > now ? existing : { count: 0, resetAt: now + limit.windowMs };
      return { key, limit, window };
    });
    if (current.some(({ limit, window }) => window.count >= limit.max)) throw new AppError(TOO_MANY_REQUESTS);
    for (const { key, window } of current) {
      window.count += 1;
      this.windows.set(key, window);
    }
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

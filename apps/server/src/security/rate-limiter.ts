/**
 * Fixed-window attempt counters for abuse-prone calls (login, mail sends, session keys),
 * kept in the database so every server process counts against the same buckets (ADR 007):
 * with N processes behind a load balancer a client still gets LIMITS, not N times LIMITS.
 * No Redis is needed: one small upsert per bucket, on a table the clean-up job keeps short.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { TOO_MANY_REQUESTS } from '@chi/contract';
import type { DatabaseSchema } from '../db/schema';
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
  /** Anonymous showcase plays (issue 15): ~120 records a play; a class on one NAT address still fits. */
  anonymousLogPerAddress: { max: 3_000, windowMs: 60 * MINUTE },
  /**
   * Delphi records per suite (issue 24): a whole suite is ~1-2 thousand records in 45 minutes; a
   * fast Flash Match player sends several a second and an outbox catching up after an outage
   * sends its backlog at once. A 429 is retried by the outbox, so this only slows a flood.
   */
  delphiLogPerSuite: { max: 6_000, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

export class RateLimiter {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one attempt against every bucket, or throws 429 without counting when any bucket
   * is full (so a blocked client does not extend its own block). Each bucket is one atomic
   * upsert that only increments below the limit (or restarts a lapsed window), so however
   * many processes count at once, a bucket never admits more than its limit. When a later
   * bucket turns out full, the earlier increments of this attempt are taken back.
   * Single statements, no transaction: a SQLite writer in another process waits for a
   * statement, never for this process's event loop.
   */
  async hit(buckets: readonly { key: string; limit: Limit }[]): Promise<void> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const counted: { key: string; resetAt: string }[] = [];
    for (const { key, limit } of buckets) {
      const row = await this.db
        .insertInto('rate_limits')
        .values({ bucket: key, count: 1, reset_at: new Date(now + limit.windowMs).toISOString() })
        .onConflict((oc) =>
          oc
            .column('bucket')
            .doUpdateSet({
              count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
              reset_at: sql<string>`case when rate_limits.reset_at <= ${at} then ${new Date(now + limit.windowMs).toISOString()} else rate_limits.reset_at end`,
            })
            .where(sql<boolean>`rate_limits.count < ${limit.max} or rate_limits.reset_at <= ${at}`),
        )
        .returning('reset_at')
        .executeTakeFirst();
      if (!row) {
        await this.takeBack(counted);
        throw new AppError(TOO_MANY_REQUESTS);
      }
      counted.push({ key, resetAt: row.reset_at });
    }
  }

  private async takeBack(counted: readonly { key: string; resetAt: string }[]): Promise<void> {
    for (const { key, resetAt } of counted) {
      // Only in the window it was counted in: a window restarted meanwhile is left alone.
      await this.db
        .updateTable('rate_limits')
        .set({ count: sql<number>`count - 1` })
        .where('bucket', '=', key)
        .where('reset_at', '=', resetAt)
        .where('count', '>', 0)
        .execute();
    }
  }
}

/** Clean-up: windows that have ended count for nothing any more. */
export async function deleteExpiredWindows(db: Kysely<DatabaseSchema>, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

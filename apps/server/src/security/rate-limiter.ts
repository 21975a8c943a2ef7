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
import { groupCommitted } from '../db/group-commit';
import { reusableQuery } from '../db/reusable-query';
import { AppError } from '../http/app-error';

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

const MINUTE = 60_000;

/** The limits of issue 3 §8; login counts failures only (issue 24 item 5, login-guard.ts). */
export const LIMITS = {
  /** Wrong passwords for one account from one address: that pair alone is stopped. */
  loginFailuresPerPair: { max: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords from one address over all accounts (password spraying). */
  loginFailuresPerAddress: { max: 50, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from everywhere: counted to grow its back-off. */
  loginFailuresPerAccount: { max: Number.MAX_SAFE_INTEGER, windowMs: 60 * MINUTE },
  mailPerEmail: { max: 5, windowMs: 60 * MINUTE },
  mailPerAddress: { max: 30, windowMs: 60 * MINUTE },
  /** Wrong session keys from one address (issue 25 item 14: valid keys are never counted). */
  sessionKeyFailuresPerAddress: { max: 30, windowMs: 15 * MINUTE },
  /** A CCF participant's field calls (select and submit), per participant, so a NAT is no limit. */
  ccfFieldCallsPerParticipant: { max: 300, windowMs: 15 * MINUTE },
  /** Anonymous showcase plays (issue 15): ~120 records a play; a class on one NAT address still fits. */
  anonymousLogPerAddress: { max: 3_000, windowMs: 60 * MINUTE },
  /**
   * Delphi records per suite (issue 24): a whole suite is ~1-2 thousand records in 45 minutes; a
   * fast Flash Match player sends several a second and an outbox catching up after an outage
   * sends its backlog at once. A 429 is retried by the outbox, so this only slows a flood.
   */
  delphiLogPerSuite: { max: 6_000, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/** A 429 that says when to come back (`Retry-After`, whole seconds, at least 1). */
export function tooManyRequests(resetAt: string | undefined, now: number): AppError {
  const seconds = resetAt === undefined ? 60 : Math.max(1, Math.ceil((Date.parse(resetAt) - now) / 1000));
  return new AppError(TOO_MANY_REQUESTS, { retryAfterSeconds: seconds });
}

export interface Bucket {
  readonly key: string;
  readonly limit: Limit;
}

interface CountValues {
  readonly bucket: string;
  /** Now, ISO: a window that ended by now starts again. */
  readonly at: string;
  /** When a window started now ends, ISO. */
  readonly resetAt: string;
  readonly max: number;
  /** How many attempts this one counts (a batch of records counts each of them). */
  readonly weight: number;
}

// Compiled once per database (ADR 006): every Delphi record (and other limited call) counts with it.
const countAttempt = reusableQuery((db: Kysely<DatabaseSchema>, v: CountValues) =>
  db
    .insertInto('rate_limits')
    .values({ bucket: v.bucket, count: v.weight, reset_at: v.resetAt })
    .onConflict((oc) =>
      oc
        .column('bucket')
        .doUpdateSet({
          count: sql<number>`case when rate_limits.reset_at <= ${v.at} then ${v.weight} else rate_limits.count + ${v.weight} end`,
          reset_at: sql<string>`case when rate_limits.reset_at <= ${v.at} then ${v.resetAt} else rate_limits.reset_at end`,
        })
        .where(sql<boolean>`rate_limits.count + ${v.weight} <= ${v.max} or rate_limits.reset_at <= ${v.at}`),
    )
    .returning('reset_at'),
);

/**
 * The count, group-committed on SQLite (db/group-commit.ts, ADR 070): every Delphi record counts
 * against its suite before anything else, and as its own commit this upsert cost about as much
 * as the record's own insert. Grouped, each upsert still runs alone in arrival order and answers
 * what it would have answered alone, so a bucket still never admits more than its limit.
 */
const countAttemptGrouped = groupCommitted(
  async (db: Kysely<DatabaseSchema>, v: CountValues, runIn?: Kysely<DatabaseSchema>) => (await countAttempt(db, v, runIn)).rows[0],
);

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
   * Single statements, no transaction of their own: a SQLite writer in another process waits
   * for a statement, or for one short group of them (at most 200, like the responses' groups).
   *
   * `weight`: attempts counted at once (a batch of records, ADR 070 branch h20): all of them fit
   * in every bucket and are counted in one upsert, or none is counted and the call gets 429, as
   * one attempt over the limit does. Counting them one upsert each (as before) cost a group
   * commit's wait per record before the batch's first record was even checked.
   */
  async hit(buckets: readonly Bucket[], weight = 1): Promise<void> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const counted: { key: string; resetAt: string }[] = [];
    for (const { key, limit } of buckets) {
      // More than a whole window holds can never fit (a new bucket's insert is not guarded by the limit).
      const row = weight <= limit.max
        ? await countAttemptGrouped(this.db, { bucket: key, at, resetAt: new Date(now + limit.windowMs).toISOString(), max: limit.max, weight })
        : undefined;
      if (!row) {
        await this.takeBack(counted, weight);
        const full = await this.db.selectFrom('rate_limits').select('reset_at').where('bucket', '=', key).executeTakeFirst();
        throw tooManyRequests(full?.reset_at, now);
      }
      counted.push({ key, resetAt: row.reset_at });
    }
  }

  /** Throws 429 (with when to retry) if any bucket is full now; counts nothing. */
  async check(buckets: readonly Bucket[]): Promise<void> {
    if (buckets.length === 0) return;
    const now = this.now();
    const at = new Date(now).toISOString();
    const rows = await this.db
      .selectFrom('rate_limits')
      .select(['bucket', 'count', 'reset_at'])
      .where('bucket', 'in', buckets.map((b) => b.key))
      .where('reset_at', '>', at)
      .execute();
    const full = rows.filter((row) => Number(row.count) >= (buckets.find((b) => b.key === row.bucket)?.limit.max ?? Infinity));
    if (full.length === 0) return;
    const latest = full.map((row) => row.reset_at).sort().at(-1);
    throw tooManyRequests(latest, now);
  }

  /** Counts one event (a failure) in every bucket, whatever their counts; answers the new counts. */
  async count(buckets: readonly Bucket[]): Promise<number[]> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const counts: number[] = [];
    for (const { key, limit } of buckets) {
      const resetAt = new Date(now + limit.windowMs).toISOString();
      const row = await this.db
        .insertInto('rate_limits')
        .values({ bucket: key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('bucket').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<string>`case when rate_limits.reset_at <= ${at} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning('count')
        .executeTakeFirst();
      counts.push(Number(row?.count ?? 1));
    }
    return counts;
  }

  /** Refuses a bucket until `until` (a back-off): `check` with any limit of max 1 then answers 429. */
  async block(key: string, until: Date): Promise<void> {
    const resetAt = until.toISOString();
    await this.db
      .insertInto('rate_limits')
      .values({ bucket: key, count: 1, reset_at: resetAt })
      .onConflict((oc) => oc.column('bucket').doUpdateSet({ count: 1, reset_at: resetAt }))
      .execute();
  }

  /** Forgets buckets (a success ends the back-off its failures built up). */
  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.deleteFrom('rate_limits').where('bucket', 'in', keys).execute();
  }

  private async takeBack(counted: readonly { key: string; resetAt: string }[], weight: number): Promise<void> {
    for (const { key, resetAt } of counted) {
      // Only in the window it was counted in: a window restarted meanwhile is left alone.
      await this.db
        .updateTable('rate_limits')
        .set({ count: sql<number>`count - ${weight}` })
        .where('bucket', '=', key)
        .where('reset_at', '=', resetAt)
        .where('count', '>=', weight)
        .execute();
    }
  }
}

/** Clean-up: windows that have ended count for nothing any more. */
export async function deleteExpiredWindows(db: Kysely<DatabaseSchema>, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The `jobs` table (migration 0006, ADR 007). Every state change is ONE statement whose WHERE
 * says who may make it, so two processes can never both hold a job:
 * - claim: the oldest due row that is queued, or running with a lapsed lease, becomes
 *   running under a new lease owner (attempts + 1);
 * - renew (heartbeat), finish, fail and release only touch a row still held by that owner.
 */
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { JobsTable } from './job-tables';
import { newId } from '../security/secrets';

type Db = Kysely<DatabaseSchema>;
export type JobRecord = Selectable<JobsTable>;

export interface NewJob {
  readonly kind: string;
  readonly payload: unknown;
  /** Given: the job is created only if no job has this id yet (idempotent scheduling). */
  readonly id?: string;
  readonly runAt?: Date;
  readonly maxAttempts?: number;
}

/** A lost process is forgiven this many times; a job that keeps killing its process then fails. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Answers the job's id, and whether this call created it (false: that id existed already). */
export async function insertJob(db: Db, job: NewJob, now: Date): Promise<{ id: string; created: boolean }> {
  const id = job.id ?? newId();
  const result = await db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      status: 'queued',
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: (job.runAt ?? now).toISOString(),
      lease_owner: null,
      lease_expires_at: null,
      heartbeat_at: null,
      error: null,
      created_at: now.toISOString(),
      started_at: null,
      finished_at: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return { id, created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}

function claimable(now: string) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'jobs'>) =>
    eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)])]);
}

export interface ClaimOptions {
  readonly kinds: readonly string[];
  readonly owner: string;
  readonly leaseMs: number;
  readonly now: Date;
  readonly postgres: boolean;
}

/**
 * Takes one due job. The sub-select picks a candidate; the outer WHERE repeats the condition,
 * so when two processes pick the same row, PostgreSQL re-checks it after the first update
 * commits and the second updates nothing (SQLite runs one writer at a time anyway). On
 * PostgreSQL, SKIP LOCKED lets the second pick another row instead of waiting.
 */
export async function claimJob(db: Db, { kinds, owner, leaseMs, now, postgres }: ClaimOptions): Promise<JobRecord | undefined> {
  if (kinds.length === 0) return undefined;
  const at = now.toISOString();
  return db
    .updateTable('jobs')
    .set({
      status: 'running',
      lease_owner: owner,
      lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
      heartbeat_at: at,
      started_at: at,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', kinds)
        .where('run_at', '<=', at)
        .where(claimable(at))
        .orderBy('run_at')
        .orderBy('created_at')
        .limit(1)
        .$if(postgres, (q) => q.forUpdate().skipLocked()),
    )
    .where(claimable(at))
    .returningAll()
    .executeTakeFirst();
}

/** Heartbeat: extends the lease; false when the job is no longer this owner's. */
export async function renewLease(db: Db, id: string, owner: string, leaseMs: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(), heartbeat_at: now.toISOString() })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function settle(db: Db, id: string, owner: string, values: Partial<JobRecord>): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(values)
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function finishJob(db: Db, id: string, owner: string, now: Date): Promise<boolean> {
  return settle(db, id, owner, { status: 'done', lease_owner: null, lease_expires_at: null, finished_at: now.toISOString() });
}

export function failJob(db: Db, id: string, owner: string, error: string, now: Date): Promise<boolean> {
  return settle(db, id, owner, { status: 'failed', error, lease_owner: null, lease_expires_at: null, finished_at: now.toISOString() });
}

/** A clean shutdown hands the job back at once; it does not count as an attempt. */
export async function releaseJob(db: Db, id: string, owner: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', lease_owner: null, lease_expires_at: null, attempts: sql<number>`attempts - 1` })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findJob(db: Db, id: string): Promise<JobRecord | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Clean-up: done and failed jobs that finished before `before`. */
export async function deleteFinishedJobs(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed'])
    .where('finished_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The periodic clean-up (ADR 007): expired sessions, used or expired mail tokens, ended
 * rate-limit windows and finished job rows past their retention. It is a scheduled job kind:
 * every process schedules it, one job per hour exists (its id is the hour), one process
 * runs it. The deletes only remove what is already dead, so running them twice is harmless.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema } from '../db/schema';
import { deleteSpentTokens } from '../modules/account/token.repo';
import { deleteExpiredSessions } from '../modules/session/session.repo';
import { deleteExpiredWindows } from '../security/rate-limiter';
import { deleteFinishedJobs } from './job.repo';
import type { JobWorker } from './job-worker';

const HOUR = 60 * 60_000;
export const CLEAN_UP_KIND = 'clean-up';
export const CLEAN_UP_EVERY_MS = HOUR;
/** Done and failed jobs stay this long for operators to look at. */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * HOUR;

export interface CleanUpCounts {
  readonly sessions: number;
  readonly tokens: number;
  readonly rateLimits: number;
  readonly jobs: number;
}

export async function cleanUp(db: Kysely<DatabaseSchema>, now: Date): Promise<CleanUpCounts> {
  return {
    sessions: await deleteExpiredSessions(db, now),
    tokens: await deleteSpentTokens(db, now),
    rateLimits: await deleteExpiredWindows(db, now),
    jobs: await deleteFinishedJobs(db, new Date(now.getTime() - FINISHED_JOB_RETENTION_MS)),
  };
}

export function defineCleanUp(worker: JobWorker, db: Kysely<DatabaseSchema>, now: () => Date): void {
  worker.define({
    kind: CLEAN_UP_KIND,
    payload: z.unknown(),
    run: async () => {
      await cleanUp(db, now());
    },
  });
  worker.schedule(CLEAN_UP_KIND, CLEAN_UP_EVERY_MS);
}

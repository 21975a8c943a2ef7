/**
 * Table type of the background jobs (migration 0006, ADR 007), merged into DatabaseSchema here
 * as every area's tables are (ADR 066). Times are ISO-8601 UTC strings; booleans are 0/1.
 */
import type { Generated } from 'kysely';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Background work with a lease (migration 0006, ADR 007); see jobs/job.repo.ts. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: string;
  /** Unique per claim (process id plus a random part): only the holder may heartbeat or finish. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  heartbeat_at: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    jobs: JobsTable;
  }
}

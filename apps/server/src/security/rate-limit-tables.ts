/**
 * Table type of the shared rate-limit counters (migration 0006), merged into DatabaseSchema here
 * as every area's tables are (ADR 066). Times are ISO-8601 UTC strings; booleans are 0/1.
 */

/** One fixed-window counter per bucket, shared by every process (migration 0006). */
export interface RateLimitsTable {
  bucket: string;
  count: number;
  reset_at: string;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    rate_limits: RateLimitsTable;
  }
}

/**
 * Table type of the login sessions (migration 0002), merged into DatabaseSchema here
 * as every area's tables are (ADR 066). Times are ISO-8601 UTC strings; booleans are 0/1.
 */

export interface SessionsTable {
  id: string;
  token_hash: string;
  account_id: string | null;
  session_key_id: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  max_expires_at: string | null;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    sessions: SessionsTable;
  }
}

/**
 * Table type of the session keys (migration 0002), merged into DatabaseSchema here as every
 * area's tables are (ADR 066). Times are ISO-8601 UTC strings.
 */
import type { Generated } from 'kysely';

export interface SessionKeysTable {
  id: string;
  label: string;
  key_hash: string;
  expires_at: string;
  max_uses: number | null;
  uses: Generated<number>;
  created_by: string | null;
  created_at: string;
  revoked_at: string | null;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    session_keys: SessionKeysTable;
  }
}

/**
 * The Kysely table types of the current schema. Each migration adds its tables here;
 * migrations themselves keep their own frozen types so old migrations never change meaning.
 * Times are ISO-8601 UTC strings; booleans are 0/1 (portable across SQLite and PostgreSQL).
 */
import type { Generated } from 'kysely';

export interface ServerMetaTable {
  key: string;
  value: string;
}

export type AccountStatus = 'pending' | 'active';

export interface AccountsTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  title: Generated<string>;
  password_hash: string | null;
  status: AccountStatus;
  is_dev_op: Generated<number>;
  is_app_admin: Generated<number>;
  created_at: string;
  updated_at: string;
}

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

export type AccountTokenKind =
  | 'activateAccount'
  | 'resetPassword'
  | 'changeAccountEmail'
  | 'activateNewEmail'
  | 'downloadMyData'
  | 'forgetAboutMe';

export interface AccountTokensTable {
  id: string;
  token_hash: string;
  account_id: string;
  kind: AccountTokenKind;
  data: Generated<string>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

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

export interface DatabaseSchema {
  server_meta: ServerMetaTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  session_keys: SessionKeysTable;
}

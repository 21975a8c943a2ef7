/**
 * Table types of the accounts and their one-time tokens (migrations 0002, 0008, 0034), merged into DatabaseSchema here
 * as every area's tables are (ADR 066). Times are ISO-8601 UTC strings; booleans are 0/1.
 */
import type { Generated } from 'kysely';

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
  /** Migration 0008: the profile image chosen in the picker; NULL = the avatar from the e-mail. */
  profile_image_url: string | null;
  /** Migration 0034: the person card's fields (SPEC §2); awards a JSON array of strings. */
  programme: Generated<string>;
  university: Generated<string>;
  awards: Generated<string>;
  created_at: string;
  updated_at: string;
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

declare module '../../db/schema' {
  interface DatabaseSchema {
    accounts: AccountsTable;
    account_tokens: AccountTokensTable;
  }
}

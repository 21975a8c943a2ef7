/**
 * Table types of migration 0013 (the CCF app's keyed sessions of fields, issue 15), merged into
 * DatabaseSchema here as the other modules' tables are (creavisions-tables.ts). Times are ISO
 * strings, booleans 0/1, JSON as text.
 */
import type { Generated } from 'kysely';

export interface CcfSessionsTable {
  id: string;
  title: string;
  user_id_label: string;
  owner_id: string | null;
  status: 'open' | 'closed';
  sign_up_open: number;
  created_at: string;
  closed_at: string | null;
}

export interface CcfSessionKeysTable {
  session_key_id: string;
  session_id: string;
  kind: 'shared' | 'personal';
  user_id: string | null;
}

export interface CcfFieldsTable {
  id: string;
  session_id: string;
  position: number;
  prompt: string;
  type: string;
  /** JSON array of strings. */
  options: string;
}

export interface CcfParticipantsTable {
  id: string;
  session_id: string;
  user_id: string;
  signed_up: Generated<number>;
  consented_at: string | null;
  created_at: string;
  last_seen_at: string;
  /** sha256 of the secret only the browser that began it holds (migration 0029, ADR 045). */
  secret_hash: string | null;
}

export interface CcfFieldEventsTable {
  id: string;
  participant_id: string;
  field_id: string;
  kind: 'select';
  at: string;
}

export interface CcfAnswersTable {
  id: string;
  participant_id: string;
  field_id: string;
  version: number;
  /** JSON of the answer value. */
  value: string;
  submitted_at: string;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    ccf_sessions: CcfSessionsTable;
    ccf_session_keys: CcfSessionKeysTable;
    ccf_fields: CcfFieldsTable;
    ccf_participants: CcfParticipantsTable;
    ccf_field_events: CcfFieldEventsTable;
    ccf_answers: CcfAnswersTable;
  }
}

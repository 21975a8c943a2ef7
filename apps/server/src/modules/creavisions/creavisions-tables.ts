/**
 * Table types of migration 0020 (creative visions, ADR 030), merged into DatabaseSchema here so
 * the shared schema file needs no edit. Times are ISO strings, booleans 0/1, JSON as text.
 */
import type { Generated } from 'kysely';

export interface CvEventsTable {
  id: string;
  name: string;
  title: string;
  description: string;
  owner_id: string | null;
  status: 'open' | 'closed';
  sign_up_open: Generated<number>;
  created_at: string;
  closed_at: string | null;
}

export interface CvEventKeysTable {
  session_key_id: string;
  event_id: string;
  kind: 'shared' | 'personal';
  user_id: string | null;
}

export interface CvSessionsTable {
  id: string;
  event_id: string;
  participant: string;
  account_id: string | null;
  via: 'key' | 'account' | 'signUp';
  token_hash: string;
  created_at: string;
  last_seen_at: string;
}

export interface CvEntriesTable {
  id: string;
  event_id: string;
  participant: string;
  session_id: string;
  title: string;
  text: string;
  image_url: string;
  published: Generated<number>;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CvLogTable {
  id: string;
  event_id: string;
  session_id: string;
  participant: string;
  kind: string;
  entry_id: string | null;
  /** JSON object of strings (title, text, imageUrl, query). */
  data: string;
  client_at: string;
  received_at: string;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    cv_events: CvEventsTable;
    cv_event_keys: CvEventKeysTable;
    cv_sessions: CvSessionsTable;
    cv_entries: CvEntriesTable;
    cv_log: CvLogTable;
  }
}

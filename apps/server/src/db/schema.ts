/**
 * The Kysely schema of the database. server_meta is declared here; every area declares its own
 * tables in its `<area>-tables.ts` and merges them into DatabaseSchema (ADR 066), so a new table
 * edits its area's file, not this one. Migrations keep their own frozen types so old migrations
 * never change meaning. Times are ISO-8601 UTC strings; booleans are 0/1 (SQLite and PostgreSQL).
 *
 * The list below re-exports every area's table types; it also keeps their merges into
 * DatabaseSchema in every program that sees this file (bench and tools included). A new
 * `<area>-tables.ts` is one line there.
 */

export interface ServerMetaTable {
  key: string;
  value: string;
}

export type * from '../jobs/job-tables';
export type * from '../modules/account/account-tables';
export type * from '../modules/assistants/assistants-tables';
export type * from '../modules/assistants/batch-import/batch-import-tables';
export type * from '../modules/ccf/ccf-tables';
export type * from '../modules/creavisions/creavisions-tables';
export type * from '../modules/delphi/delphi-tables';
export type * from '../modules/documents/documents-tables';
export type * from '../modules/keyed-session/keyed-session-tables';
export type * from '../modules/session/session-tables';
export type * from '../modules/short-links/short-links-tables';
export type * from '../modules/uploads/uploads-tables';
export type * from '../pipes/pipe-tables';
export type * from '../security/rate-limit-tables';

/** Every table; areas add theirs with `declare module` in their `<area>-tables.ts`. */
export interface DatabaseSchema {
  server_meta: ServerMetaTable;
}

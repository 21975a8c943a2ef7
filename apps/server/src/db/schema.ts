/**
 * The Kysely schema of the database. Core tables are declared here; every area declares its own
 * tables in its `<area>-tables.ts` and merges them into DatabaseSchema (ADR 066), so a new table
 * never edits this file. Migrations keep their own frozen types so old migrations never change meaning.
 * Times are ISO-8601 UTC strings; booleans are 0/1 (portable across SQLite and PostgreSQL).
 *
 * Where the tables are declared:
 *   modules/account/account-tables.ts, modules/session/session-tables.ts,
 *   modules/delphi/delphi-tables.ts, modules/documents/documents-tables.ts,
 *   modules/uploads/uploads-tables.ts, modules/short-links/short-links-tables.ts,
 *   modules/ccf/ccf-tables.ts, modules/creavisions/creavisions-tables.ts,
 *   modules/assistants/assistants-tables.ts, modules/assistants/batch-import/batch-import-tables.ts,
 *   jobs/job-tables.ts, security/rate-limit-tables.ts, pipes/pipe-tables.ts.
 */

export interface ServerMetaTable {
  key: string;
  value: string;
}

/** Every table; areas add theirs with `declare module` in their `<area>-tables.ts`. */
export interface DatabaseSchema {
  server_meta: ServerMetaTable;
}

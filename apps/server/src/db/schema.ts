/**
 * The Kysely schema of the database. server_meta is declared here; every area declares its own
 * tables in its `<area>-tables.ts` and merges them into DatabaseSchema (ADR 066), so a new table
 * edits its area's file, not this one. Migrations keep their own frozen types so old migrations
 * never change meaning. Times are ISO-8601 UTC strings; booleans are 0/1 (SQLite and PostgreSQL).
 *
 * No list of the tables files here: every TypeScript program that compiles server code includes
 * every `*-tables.ts` under apps/server/src (apps/server/tsconfig.json through `src`,
 * tsconfig.tools.json by a pattern), so the merges are seen wherever DatabaseSchema is. A table
 * type is imported from its area's `<area>-tables.ts`.
 */

export interface ServerMetaTable {
  key: string;
  value: string;
}

/** Every table; areas add theirs with `declare module` in their `<area>-tables.ts`. */
export interface DatabaseSchema {
  server_meta: ServerMetaTable;
}

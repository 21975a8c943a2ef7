/**
 * The Kysely table types of the current schema. Each migration adds its tables here;
 * migrations themselves keep their own frozen types so old migrations never change meaning.
 */
export interface ServerMetaTable {
  key: string;
  value: string;
}

export interface DatabaseSchema {
  server_meta: ServerMetaTable;
}

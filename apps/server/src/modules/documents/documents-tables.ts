/**
 * Table types of the generic documents and their proxies (migration 0004), merged into DatabaseSchema here
 * as every area's tables are (ADR 066). Times are ISO-8601 UTC strings; booleans are 0/1.
 */

/** Generic documents (issue 5): own fields in `data` (JSON text); `published` is 0/1. */
export interface DocumentsTable {
  app_id: string;
  data_type: string;
  id: string;
  owner_id: string | null;
  published: number;
  data: string;
  created_at: string;
  updated_at: string;
}

/** Whoever holds a proxy id may read that one document (chunk references). */
export interface DocumentProxiesTable {
  id: string;
  app_id: string;
  data_type: string;
  document_id: string;
  created_by: string | null;
  created_at: string;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    documents: DocumentsTable;
    document_proxies: DocumentProxiesTable;
  }
}

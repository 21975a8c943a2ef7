/**
 * Table type of the short links (migration 0004), merged into DatabaseSchema here
 * as every area's tables are (ADR 066). Times are ISO-8601 UTC strings; booleans are 0/1.
 */

export interface ShortLinksTable {
  code: string;
  url: string;
  owner_id: string | null;
  created_at: string;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    short_links: ShortLinksTable;
  }
}

/**
 * Table type of the uploaded files (migration 0004), merged into DatabaseSchema here
 * as every area's tables are (ADR 066). Times are ISO-8601 UTC strings; booleans are 0/1.
 */

export interface UploadsTable {
  id: string;
  app_id: string;
  owner_id: string;
  original_name: string;
  /** `<id>.<ext>` under `DATA_DIR/uploads/<app_id>/`; never derived from client input. */
  file_name: string;
  content_type: string;
  /** PostgreSQL may answer integers wider than 32 bits as strings: normalise with Number(). */
  size: number | string;
  created_at: string;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    uploads: UploadsTable;
  }
}

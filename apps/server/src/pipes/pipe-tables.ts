/** Table types of the pipes (migration 0012, ADR 020), merged into DatabaseSchema. */
import type { Generated } from 'kysely';

export interface PipesTable {
  name: string;
  owner_id: string;
  created_at: string;
}

export interface PipeEventsTable {
  id: Generated<number>;
  pipe: string;
  data: string;
  created_at: string;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    pipes: PipesTable;
    pipe_events: PipeEventsTable;
  }
}

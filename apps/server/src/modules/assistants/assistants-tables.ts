/**
 * Table types of migration 0012 (assistants, ADR 019), merged into DatabaseSchema here so the
 * shared schema file needs no edit. The vector stores, chunks and embeddings are the retrieval
 * module's (retrieval/retrieval-tables.ts). Times are ISO strings, booleans 0/1, JSON as text.
 */
import type { Generated } from 'kysely';

export interface AssistantsTable {
  id: string;
  owner_id: string;
  kind: string;
  name: string;
  description: string;
  instructions: string;
  avatar_url: string | null;
  course: string | null;
  model_settings: string;
  vector_store_id: string;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AssistantThreadsTable {
  id: string;
  assistant_id: string;
  owner_id: string;
  title: string;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AssistantMessagesTable {
  id: string;
  thread_id: string;
  seq: number;
  role: string;
  content: string;
  status: string;
  error: string | null;
  sender: string | null;
  references_json: string;
  cancel_requested: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An account a vector store is shared with (migration 0035, ADR 059). */
export interface AssistantVectorStoreSharesTable {
  vector_store_id: string;
  account_id: string;
  created_at: string;
}

export interface AssistantFilesTable {
  id: string;
  vector_store_id: string;
  owner_id: string;
  name: string;
  attributes: string;
  current_version_id: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AssistantFileVersionsTable {
  id: string;
  file_id: string;
  version: number;
  content_hash: string;
  content_type: string;
  size: number;
  storage_key: string;
  state: string;
  error: string | null;
  pages: number | null;
  chunks: Generated<number>;
  pipe_name: string | null;
  listener_name: string | null;
  created_at: string;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    assistants: AssistantsTable;
    assistant_threads: AssistantThreadsTable;
    assistant_messages: AssistantMessagesTable;
    assistant_vector_store_shares: AssistantVectorStoreSharesTable;
    assistant_files: AssistantFilesTable;
    assistant_file_versions: AssistantFileVersionsTable;
  }
}

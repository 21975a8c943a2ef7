/**
 * Table types of the retrieval index (migrations 0012, 0018, 0033; ADR 019, 028, 053): a vector
 * store, its chunks and their embeddings, merged into DatabaseSchema here. The tables keep their
 * `assistant_` names (shipped migrations); assistants and creavisions fill and search them
 * through this module. Times are ISO strings.
 */
import type { ColumnType, Generated } from 'kysely';

export interface AssistantVectorStoresTable {
  id: string;
  owner_id: string;
  assistant_id: string | null;
  name: string;
  attributes: string;
  state_pipe: string | null;
  state_listener: string | null;
  created_at: string;
  modified_at: string;
}

export interface AssistantChunksTable {
  id: Generated<number>;
  vector_store_id: string;
  file_id: string;
  version_id: string;
  chunk_index: number;
  heading: string | null;
  text: string;
  page: number | null;
  start_offset: number;
  end_offset: number;
  /** sha256 of `text` (migration 0018): the key of its vector in assistant_embeddings. */
  content_hash: string | null;
  /** 'english' | 'danish', told when indexed (migration 0033, ADR 053): picks the stemming. */
  language: ColumnType<string, string | undefined, string>;
  /** A Danish chunk's heading and text as Danish stems, indexed by SQLite's FTS5 instead of them. */
  stemmed: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One vector per (model, content hash), float32 little-endian (migration 0018, ADR 028). */
export interface AssistantEmbeddingsTable {
  model: string;
  content_hash: string;
  dimensions: number;
  vector: Buffer;
  created_at: string;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    assistant_vector_stores: AssistantVectorStoresTable;
    assistant_chunks: AssistantChunksTable;
    assistant_embeddings: AssistantEmbeddingsTable;
  }
}

/**
 * Assistants (issue 14, ADR 019): assistants, their threads and messages (each answer stores
 * the references it cited), vector stores, files with versions (content hash), chunks with one
 * persistent full-text index, and pipe events (ADR 020).
 * - SQLite: an FTS5 table over the chunks' text (external content, kept in step by triggers),
 *   ranked with bm25().
 * - PostgreSQL: a generated tsvector column with a GIN index, ranked with ts_rank(…, 1).
 * Chunk ids are integers so FTS5 can use them as its rowid.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const serial = postgres ? 'bigserial' : 'integer';

  await db.schema
    .createTable('assistant_vector_stores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('assistant_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('state_pipe', 'text')
    .addColumn('state_listener', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assistant_vector_stores_owner').on('assistant_vector_stores').columns(['owner_id']).execute();

  await db.schema
    .createTable('assistants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text')
    .addColumn('course', 'text')
    .addColumn('model_settings', 'text', (c) => c.notNull())
    .addColumn('vector_store_id', 'text', (c) => c.notNull().references('assistant_vector_stores.id'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assistants_listing').on('assistants').columns(['kind', 'published', 'created_at']).execute();
  await db.schema.createIndex('assistants_owner').on('assistants').columns(['owner_id']).execute();

  await db.schema
    .createTable('assistant_threads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assistant_id', 'text', (c) => c.notNull().references('assistants.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assistant_threads_assistant').on('assistant_threads').columns(['assistant_id', 'updated_at']).execute();

  await db.schema
    .createTable('assistant_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('thread_id', 'text', (c) => c.notNull().references('assistant_threads.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('sender', 'text')
    .addColumn('references_json', 'text', (c) => c.notNull())
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('assistant_messages_seq', ['thread_id', 'seq'])
    .execute();

  await db.schema
    .createTable('assistant_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vector_store_id', 'text', (c) => c.notNull().references('assistant_vector_stores.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('current_version_id', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assistant_files_store').on('assistant_files').columns(['vector_store_id', 'deleted_at']).execute();

  await db.schema
    .createTable('assistant_file_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('pages', 'integer')
    .addColumn('chunks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pipe_name', 'text')
    .addColumn('listener_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('assistant_file_versions_number', ['file_id', 'version'])
    .execute();
  await db.schema.createIndex('assistant_file_versions_hash').on('assistant_file_versions').columns(['content_hash']).execute();

  await db.schema
    .createTable('assistant_chunks')
    .addColumn('id', serial, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('vector_store_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('start_offset', 'integer', (c) => c.notNull())
    .addColumn('end_offset', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assistant_chunks_store').on('assistant_chunks').columns(['vector_store_id']).execute();
  await db.schema.createIndex('assistant_chunks_version').on('assistant_chunks').columns(['version_id', 'chunk_index']).execute();

  if (postgres) {
    // 'english': stemming and stop words; the same configuration in the index and every query.
    await sql`alter table assistant_chunks add column tsv tsvector generated always as (to_tsvector('english', coalesce(heading, '') || ' ' || text)) stored`.execute(db);
    await sql`create index assistant_chunks_tsv on assistant_chunks using gin (tsv)`.execute(db);
  } else {
    // Porter stemming over unicode61, like the English configuration on PostgreSQL.
    await sql`create virtual table assistant_chunks_fts using fts5(heading, text, content='assistant_chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger assistant_chunks_ai after insert on assistant_chunks begin
      insert into assistant_chunks_fts(rowid, heading, text) values (new.id, new.heading, new.text); end`.execute(db);
    await sql`create trigger assistant_chunks_ad after delete on assistant_chunks begin
      insert into assistant_chunks_fts(assistant_chunks_fts, rowid, heading, text) values ('delete', old.id, old.heading, old.text); end`.execute(db);
  }

  await db.schema
    .createTable('pipes')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pipe_events')
    .addColumn('id', serial, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('pipe', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pipe_events_pipe').on('pipe_events').columns(['pipe', 'id']).execute();
  await db.schema.createIndex('pipe_events_created').on('pipe_events').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists assistant_chunks_fts`.execute(db);
  for (const table of ['pipe_events', 'pipes', 'assistant_chunks', 'assistant_file_versions', 'assistant_files', 'assistant_messages', 'assistant_threads', 'assistants', 'assistant_vector_stores']) {
    await db.schema.dropTable(table).execute();
  }
}

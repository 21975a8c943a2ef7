/**
 * Assistants' retrieval, second step (issue 14, ADR 028):
 * - every chunk carries the sha256 of its text (`content_hash`), filled here for chunks that
 *   exist, so a vector is found by content, never computed twice for the same text;
 * - `assistant_embeddings`: one vector per (embedding model, content hash), float32
 *   little-endian bytes; rows no chunk points at any more are deleted in the transaction that
 *   deletes those chunks;
 * - SQLite: the FTS5 index gets the store as a third column (`store_token`, one token made from
 *   the store id by a generated column; weight 0 in the ranking), so a search restricts to one
 *   store inside the MATCH instead of scoring every store's matches and filtering afterwards.
 *   PostgreSQL keeps its generated tsvector + GIN index.
 */
import { createHash } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const BACKFILL_BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.alterTable('assistant_chunks').addColumn('content_hash', 'text').execute();
  for (let after = 0; ; ) {
    const rows = await sql<{ id: number | string; text: string }>`select id, text from assistant_chunks where id > ${after} order by id limit ${BACKFILL_BATCH}`.execute(db);
    if (rows.rows.length === 0) break;
    for (const row of rows.rows) {
      await sql`update assistant_chunks set content_hash = ${createHash('sha256').update(row.text).digest('hex')} where id = ${row.id}`.execute(db);
    }
    after = Number(rows.rows[rows.rows.length - 1]?.id);
  }
  await db.schema.createIndex('assistant_chunks_content').on('assistant_chunks').columns(['content_hash']).execute();

  await db.schema
    .createTable('assistant_embeddings')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('dimensions', 'integer', (c) => c.notNull())
    .addColumn('vector', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('assistant_embeddings_key', ['model', 'content_hash'])
    .execute();
  await db.schema.createIndex('assistant_embeddings_content').on('assistant_embeddings').columns(['content_hash']).execute();

  if (!postgres) {
    await sql`drop trigger assistant_chunks_ai`.execute(db);
    await sql`drop trigger assistant_chunks_ad`.execute(db);
    await sql`drop table assistant_chunks_fts`.execute(db);
    // One token per store ('s' + the id without separators), so the filter is one term, not a phrase.
    await sql`alter table assistant_chunks add column store_token text generated always as ('s' || replace(vector_store_id, '-', '')) virtual`.execute(db);
    await sql`create virtual table assistant_chunks_fts using fts5(heading, text, store_token, content='assistant_chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
    // `rank` is bm25 over heading and text only: the store column filters, it never scores.
    await sql`insert into assistant_chunks_fts(assistant_chunks_fts, rank) values ('rank', 'bm25(1.0, 1.0, 0.0)')`.execute(db);
    await sql`create trigger assistant_chunks_ai after insert on assistant_chunks begin
      insert into assistant_chunks_fts(rowid, heading, text, store_token) values (new.id, new.heading, new.text, new.store_token); end`.execute(db);
    await sql`create trigger assistant_chunks_ad after delete on assistant_chunks begin
      insert into assistant_chunks_fts(assistant_chunks_fts, rowid, heading, text, store_token) values ('delete', old.id, old.heading, old.text, old.store_token); end`.execute(db);
    await sql`insert into assistant_chunks_fts(assistant_chunks_fts) values ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  if (!postgres) {
    await sql`drop trigger assistant_chunks_ai`.execute(db);
    await sql`drop trigger assistant_chunks_ad`.execute(db);
    await sql`drop table assistant_chunks_fts`.execute(db);
    await sql`alter table assistant_chunks drop column store_token`.execute(db);
    await sql`create virtual table assistant_chunks_fts using fts5(heading, text, content='assistant_chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger assistant_chunks_ai after insert on assistant_chunks begin
      insert into assistant_chunks_fts(rowid, heading, text) values (new.id, new.heading, new.text); end`.execute(db);
    await sql`create trigger assistant_chunks_ad after delete on assistant_chunks begin
      insert into assistant_chunks_fts(assistant_chunks_fts, rowid, heading, text) values ('delete', old.id, old.heading, old.text); end`.execute(db);
    await sql`insert into assistant_chunks_fts(assistant_chunks_fts) values ('rebuild')`.execute(db);
  }
  await db.schema.dropTable('assistant_embeddings').execute();
  await db.schema.dropIndex('assistant_chunks_content').execute();
  await db.schema.alterTable('assistant_chunks').dropColumn('content_hash').execute();
}

/**
 * Assistants' retrieval on PostgreSQL ranks by BM25 like SQLite's FTS5 (issue 14, ADR 037):
 * BM25 needs, per vector store, how many chunks contain each lexeme (document frequency), the
 * number of chunks and their total length. `ts_rank` has no such statistics (no inverse document
 * frequency), which is why PostgreSQL scored MRR@10 .32 where FTS5 scored .38 on the same set.
 * - `assistant_lexemes` (store, lexeme, df) and `assistant_store_lengths` (store, chunks, tokens),
 *   kept in step by statement-level triggers with transition tables: one grouped upsert per
 *   INSERT/DELETE/UPDATE statement, in lexeme order (two writers to one store take row locks in
 *   the same order). A lexeme whose df reaches 0 is deleted.
 * - Filled here from the chunks that exist.
 * SQLite needs nothing: FTS5 keeps these statistics itself for bm25().
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The statements that add (sign 1) or subtract (sign -1) the chunks of transition table `rows` to the statistics. */
function statsSql(rows: string, sign: 1 | -1): string {
  const tidy = sign < 0 ? 'delete from assistant_lexemes where df <= 0; delete from assistant_store_lengths where chunks <= 0;' : '';
  return `
    insert into assistant_lexemes as l (vector_store_id, lexeme, df)
      select c.vector_store_id, u.lexeme, ${sign} * count(*)::int from ${rows} c, unnest(c.tsv) u group by 1, 2 order by 1, 2
    on conflict (vector_store_id, lexeme) do update set df = l.df + excluded.df;
    insert into assistant_store_lengths as s (vector_store_id, chunks, tokens)
      select c.vector_store_id, ${sign} * count(*)::int, ${sign} * coalesce(sum((select sum(cardinality(u.positions)) from unnest(c.tsv) u)), 0)::bigint
      from ${rows} c group by 1 order by 1
    on conflict (vector_store_id) do update set chunks = s.chunks + excluded.chunks, tokens = s.tokens + excluded.tokens;
    ${tidy}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table assistant_lexemes (
    vector_store_id text not null, lexeme text not null, df integer not null,
    primary key (vector_store_id, lexeme))`.execute(db);
  await sql`create table assistant_store_lengths (
    vector_store_id text primary key, chunks integer not null, tokens bigint not null)`.execute(db);
  // A chunk's length is its number of positions (to_tsvector keeps up to 256 per lexeme).
  // Transition tables are visible only to the trigger function itself, so each function has the SQL inline.
  await sql.raw(`create function assistant_chunks_stats_ins() returns trigger language plpgsql as $fn$
    begin ${statsSql('assistant_chunks_new', 1)} return null; end $fn$`).execute(db);
  await sql.raw(`create function assistant_chunks_stats_del() returns trigger language plpgsql as $fn$
    begin ${statsSql('assistant_chunks_old', -1)} return null; end $fn$`).execute(db);
  await sql.raw(`create function assistant_chunks_stats_upd() returns trigger language plpgsql as $fn$
    begin ${statsSql('assistant_chunks_old', -1)} ${statsSql('assistant_chunks_new', 1)} return null; end $fn$`).execute(db);
  await sql`create trigger assistant_chunks_stats_ins after insert on assistant_chunks
    referencing new table as assistant_chunks_new for each statement execute function assistant_chunks_stats_ins()`.execute(db);
  await sql`create trigger assistant_chunks_stats_del after delete on assistant_chunks
    referencing old table as assistant_chunks_old for each statement execute function assistant_chunks_stats_del()`.execute(db);
  await sql`create trigger assistant_chunks_stats_upd after update on assistant_chunks
    referencing old table as assistant_chunks_old new table as assistant_chunks_new for each statement execute function assistant_chunks_stats_upd()`.execute(db);
  await sql`insert into assistant_lexemes (vector_store_id, lexeme, df)
    select c.vector_store_id, u.lexeme, count(*) from assistant_chunks c, unnest(c.tsv) u group by 1, 2`.execute(db);
  await sql`insert into assistant_store_lengths (vector_store_id, chunks, tokens)
    select c.vector_store_id, count(*), coalesce(sum((select sum(cardinality(u.positions)) from unnest(c.tsv) u)), 0) from assistant_chunks c group by 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger assistant_chunks_stats_ins on assistant_chunks`.execute(db);
  await sql`drop trigger assistant_chunks_stats_del on assistant_chunks`.execute(db);
  await sql`drop trigger assistant_chunks_stats_upd on assistant_chunks`.execute(db);
  await sql`drop function assistant_chunks_stats_ins()`.execute(db);
  await sql`drop function assistant_chunks_stats_del()`.execute(db);
  await sql`drop function assistant_chunks_stats_upd()`.execute(db);
  await sql`drop table assistant_store_lengths`.execute(db);
  await sql`drop table assistant_lexemes`.execute(db);
}

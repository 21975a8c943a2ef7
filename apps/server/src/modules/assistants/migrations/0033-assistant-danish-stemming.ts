/**
 * Danish in the assistants' full-text index (issue 25 item 20, ADR 053):
 * - `assistant_chunks.language` ('english' | 'danish', told from the chunk's function words when
 *   it is indexed) and `stemmed` (a Danish chunk's heading and text as Snowball Danish stems);
 * - PostgreSQL: the generated tsvector uses the 'danish' configuration for a Danish chunk (the
 *   expression cannot be altered in place: the column and its GIN index are made again; the
 *   lexeme statistics of migration 0026 stay right, English chunks' lexemes do not change);
 * - SQLite: FTS5 indexes `stemmed` instead of heading + text when there is one (its porter
 *   tokenizer cannot stem Danish): the index's external content becomes a view that gives
 *   `stemmed` for a Danish chunk, so 'rebuild' indexes what the triggers do; the triggers now
 *   also follow updates.
 * Chunks that exist are told apart here and updated when Danish.
 * Frozen (issue 28, ADR 069): how a chunk is told Danish and stemmed is written out below as
 * `retrieval/language.ts` (`searchColumns`) had it when this migration was frozen, so a later
 * change of that file never changes what this migration does. The stems come from the
 * `snowball-stemmers` package (0.6.0, pinned in the lock file), as they do for the index.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { newStemmer } from 'snowball-stemmers';

const DANISH = new Set(
  'af alle andet at blev bliver da de dem den denne der deres det dette dig din dit du efter eller en end er et fra ham han hans har havde hende hendes her hos hun hvad hvis hvor ikke ind jeg jer jo kan kunne man med meget men mig min mit mod ned noget nogle nu når og også om op os over på sig sin sit skal skulle som så til ud under var vi vil ville være været'.split(' '),
);
const ENGLISH = new Set(
  'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my no not of on or our so than that the their them then there these they this to was we were what when where which who why will with would you your'.split(' '),
);

const danish = newStemmer('danish');

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A chunk's language and, when Danish, its heading and text as Danish stems: Danish when its
 * Danish function words outnumber its English ones (a word with æ, ø or å counts as Danish).
 */
function searchColumns(heading: string | null, text: string): { language: 'english' | 'danish'; stemmed: string | null } {
  const words = wordsOf(`${heading ?? ''} ${text}`);
  let da = 0;
  let en = 0;
  for (const word of words) {
    if (DANISH.has(word) || /[æøå]/.test(word)) da += 1;
    if (ENGLISH.has(word)) en += 1;
  }
  if (da <= en) return { language: 'english', stemmed: null };
  return { language: 'danish', stemmed: words.map((word) => danish.stem(word.toLowerCase())).join(' ') };
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const BATCH = 500;

const TSV = (config: string) => `to_tsvector(${config}, coalesce(heading, '') || ' ' || text)`;

/** FTS5 reads its columns from this view ('rebuild' and the integrity check see what the triggers index). */
const SEARCH_VIEW = `create view assistant_chunks_search as
  select id, case when stemmed is null then heading end as heading, coalesce(stemmed, text) as text, store_token from assistant_chunks`;

async function sqliteIndex(db: Kysely<unknown>, stemmed: boolean): Promise<void> {
  const content = stemmed ? 'assistant_chunks_search' : 'assistant_chunks';
  const heading = (row: string) => (stemmed ? `case when ${row}.stemmed is null then ${row}.heading end` : `${row}.heading`);
  const text = (row: string) => (stemmed ? `coalesce(${row}.stemmed, ${row}.text)` : `${row}.text`);
  const insert = (row: string) => `insert into assistant_chunks_fts(rowid, heading, text, store_token) values (${row}.id, ${heading(row)}, ${text(row)}, ${row}.store_token);`;
  const remove = (row: string) => `insert into assistant_chunks_fts(assistant_chunks_fts, rowid, heading, text, store_token) values ('delete', ${row}.id, ${heading(row)}, ${text(row)}, ${row}.store_token);`;
  await sql.raw(`create virtual table assistant_chunks_fts using fts5(heading, text, store_token, content='${content}', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`).execute(db);
  await sql`insert into assistant_chunks_fts(assistant_chunks_fts, rank) values ('rank', 'bm25(1.0, 1.0, 0.0)')`.execute(db);
  await sql`insert into assistant_chunks_fts(assistant_chunks_fts) values ('rebuild')`.execute(db);
  await sql.raw(`create trigger assistant_chunks_ai after insert on assistant_chunks begin ${insert('new')} end`).execute(db);
  await sql.raw(`create trigger assistant_chunks_ad after delete on assistant_chunks begin ${remove('old')} end`).execute(db);
  if (stemmed) await sql.raw(`create trigger assistant_chunks_au after update of heading, text, stemmed on assistant_chunks begin ${remove('old')} ${insert('new')} end`).execute(db);
}

async function dropSqliteIndex(db: Kysely<unknown>, stemmed: boolean): Promise<void> {
  if (stemmed) await sql`drop trigger assistant_chunks_au`.execute(db);
  await sql`drop trigger assistant_chunks_ai`.execute(db);
  await sql`drop trigger assistant_chunks_ad`.execute(db);
  await sql`drop table assistant_chunks_fts`.execute(db);
  if (stemmed) await sql`drop view assistant_chunks_search`.execute(db);
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  for (let after = 0; ; ) {
    const rows = await sql<{ id: number | string; heading: string | null; text: string }>`select id, heading, text from assistant_chunks where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.rows.length === 0) break;
    for (const row of rows.rows) {
      const columns = searchColumns(row.heading, row.text);
      if (columns.language === 'danish') await sql`update assistant_chunks set language = ${columns.language}, stemmed = ${columns.stemmed} where id = ${row.id}`.execute(db);
    }
    after = Number(rows.rows[rows.rows.length - 1]?.id);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_chunks').addColumn('language', 'text', (c) => c.notNull().defaultTo('english')).execute();
  await db.schema.alterTable('assistant_chunks').addColumn('stemmed', 'text').execute();
  if (isPostgres(db)) {
    await sql`alter table assistant_chunks drop column tsv`.execute(db);
    await sql
      .raw(`alter table assistant_chunks add column tsv tsvector generated always as (case when language = 'danish' then ${TSV("'danish'::regconfig")} else ${TSV("'english'::regconfig")} end) stored`)
      .execute(db);
    await sql`create index assistant_chunks_tsv on assistant_chunks using gin (tsv)`.execute(db);
    // Updates go through migration 0026's statistics triggers: the lexeme counts follow.
    await backfill(db);
    return;
  }
  // SQLite: the chunks are told apart first, then the index is built once from the view.
  await backfill(db);
  await dropSqliteIndex(db, false);
  await sql.raw(SEARCH_VIEW).execute(db);
  await sqliteIndex(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // Through the statistics triggers first, so the lexeme counts follow the chunks back to English.
    await sql`update assistant_chunks set language = 'english' where language = 'danish'`.execute(db);
    await sql`alter table assistant_chunks drop column tsv`.execute(db);
    await sql.raw(`alter table assistant_chunks add column tsv tsvector generated always as (${TSV("'english'")}) stored`).execute(db);
    await sql`create index assistant_chunks_tsv on assistant_chunks using gin (tsv)`.execute(db);
  } else {
    await dropSqliteIndex(db, true);
    await sqliteIndex(db, false);
  }
  await db.schema.alterTable('assistant_chunks').dropColumn('stemmed').execute();
  await db.schema.alterTable('assistant_chunks').dropColumn('language').execute();
}

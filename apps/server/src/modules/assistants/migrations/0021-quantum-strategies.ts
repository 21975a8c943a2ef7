/**
 * Quantum strategies (issue 16 part 3, ADR 031): strategy documents are generic documents
 * (`assistants`/`QuantumStrategy`); this adds their full-text index, maintained by the
 * database as ADR 019's chunk index is, and stores the sample documents once.
 * - SQLite: an FTS5 table over title, summary and body with the document's id (not its rowid,
 *   which VACUUM may renumber), kept in step by triggers on `documents` for that data type
 *   only; ranked with bm25().
 * - PostgreSQL: a partial GIN expression index over the same text (`STRATEGY_TEXT_TSVECTOR`,
 *   which the search query must repeat word for word to use it); ranked with ts_rank(…, 1).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { SAMPLE_STRATEGIES } from '../strategies/sample-strategies';

const APP = 'assistants';
const DATA_TYPE = 'QuantumStrategy';

/** The indexed text of a strategy document on PostgreSQL; the search repeats this expression. */
export const STRATEGY_TEXT_TSVECTOR =
  "to_tsvector('english'::regconfig, coalesce((data::jsonb)->>'title', '') || ' ' || coalesce((data::jsonb)->>'summary', '') || ' ' || coalesce((data::jsonb)->>'body', ''))";

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const text = (column: 'title' | 'summary' | 'body', row: 'new' | 'old' | 'documents') => `coalesce(json_extract(${row}.data, '$.${column}'), '')`;
const isStrategy = (row: 'new' | 'old') => `${row}.app_id = '${APP}' and ${row}.data_type = '${DATA_TYPE}'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(`create index documents_strategy_text on documents using gin ((${STRATEGY_TEXT_TSVECTOR})) where app_id = '${APP}' and data_type = '${DATA_TYPE}'`)
      .execute(db);
  } else {
    await sql.raw(`create virtual table quantum_strategy_fts using fts5(doc_id unindexed, title, summary, body, tokenize = 'porter unicode61')`).execute(db);
    const insert = (row: 'new' | 'documents') =>
      `insert into quantum_strategy_fts (doc_id, title, summary, body) values (${row}.id, ${text('title', row)}, ${text('summary', row)}, ${text('body', row)})`;
    await sql.raw(`create trigger quantum_strategy_fts_insert after insert on documents when ${isStrategy('new')} begin ${insert('new')}; end`).execute(db);
    await sql.raw(`create trigger quantum_strategy_fts_delete after delete on documents when ${isStrategy('old')} begin delete from quantum_strategy_fts where doc_id = old.id; end`).execute(db);
    await sql
      .raw(
        `create trigger quantum_strategy_fts_update after update on documents when ${isStrategy('old')} or ${isStrategy('new')} begin ` +
          `delete from quantum_strategy_fts where doc_id = old.id; ` +
          `insert into quantum_strategy_fts (doc_id, title, summary, body) select new.id, ${text('title', 'new')}, ${text('summary', 'new')}, ${text('body', 'new')} where ${isStrategy('new')}; end`,
      )
      .execute(db);
    // Strategy documents stored before this migration join the index too.
    await sql
      .raw(
        `insert into quantum_strategy_fts (doc_id, title, summary, body) select documents.id, ${text('title', 'documents')}, ${text('summary', 'documents')}, ${text('body', 'documents')} from documents where app_id = '${APP}' and data_type = '${DATA_TYPE}'`,
      )
      .execute(db);
  }

  const at = new Date().toISOString();
  for (const sample of SAMPLE_STRATEGIES) {
    const { id, ...fields } = sample;
    await (db as Kysely<{ documents: Record<string, unknown> }>)
      .insertInto('documents')
      .values({ app_id: APP, data_type: DATA_TYPE, id, owner_id: null, published: 1, data: JSON.stringify(fields), created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['app_id', 'data_type', 'id']).doNothing())
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from documents where app_id = ${APP} and data_type = ${DATA_TYPE} and owner_id is null`.execute(db);
  if (isPostgres(db)) {
    await sql.raw('drop index if exists documents_strategy_text').execute(db);
    return;
  }
  for (const trigger of ['quantum_strategy_fts_insert', 'quantum_strategy_fts_delete', 'quantum_strategy_fts_update']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql.raw('drop table if exists quantum_strategy_fts').execute(db);
}

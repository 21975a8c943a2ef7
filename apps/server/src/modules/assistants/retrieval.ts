/**
 * Full-text retrieval over one vector store's chunks (issue 14, ADR 019), one persistent index
 * on both dialects, never rebuilt per query:
 * - SQLite: FTS5 `MATCH` with the query's terms OR-joined, ranked by bm25() (lower is better);
 * - PostgreSQL: the generated tsvector with its GIN index, `websearch_to_tsquery` of the terms
 *   OR-joined, ranked by ts_rank(…, 1) (normalised by document length; ADR 019 has the figures).
 * Scores are returned as "higher is better" on both. Only chunks of a file's current version
 * exist (a replaced or deleted file's chunks are removed in the same transaction), so nothing
 * stale or orphaned can be found.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { Dialect } from '../../db/database';

export interface RetrievedChunk {
  readonly id: number;
  readonly fileId: string;
  readonly versionId: string;
  readonly chunkIndex: number;
  readonly heading: string | null;
  readonly text: string;
  readonly page: number | null;
  readonly start: number;
  readonly end: number;
  readonly score: number;
}

/** At most this many distinct terms go into one query (a pasted page is not 2,000 OR terms). */
export const MAX_QUERY_TERMS = 32;

/**
 * English and Danish function words. bm25 weighs them near zero anyway, but OR-joined they make
 * almost every chunk a match to be scored: leaving them out keeps a query's work proportional
 * to its content words (ADR 019 has the latency before and after).
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my no not of on or our so than that the their them then there these they this to was we were what when where which who why will with would you your ' +
    'af alle andet at blev bliver da de dem den denne der deres det dette dig din dit du efter eller en end er et for fra ham han hans har havde hende hendes her hos hun hvad hvis hvor i ikke ind jeg jer jo kan kunne man med meget men mig min mit mod ned noget nogle nu når og også om op os over på sig sin sit skal skulle som så til ud under var vi vil ville være været'
  ).split(' '),
);

/** The query's words, lower-cased and distinct: letters and digits only, so no query syntax gets through; function words are left out unless nothing else is left. */
export function queryTerms(query: string): string[] {
  const terms = [...new Set((query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((term) => term.length > 1 || /\d/.test(term)))];
  const content = terms.filter((term) => !STOP_WORDS.has(term));
  return (content.length > 0 ? content : terms).slice(0, MAX_QUERY_TERMS);
}

/** An FTS5 MATCH of the terms OR-joined, each quoted: read as a plain string, never as an operator or column filter. */
export function fts5Match(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"`).join(' OR ');
}

/** A `websearch_to_tsquery` text of the terms OR-joined. */
export function websearchOr(terms: readonly string[]): string {
  return terms.join(' or ');
}

interface ChunkRow {
  id: number | string;
  file_id: string;
  version_id: string;
  chunk_index: number | string;
  heading: string | null;
  text: string;
  page: number | string | null;
  start_offset: number | string;
  end_offset: number | string;
  score: number | string;
}

function toChunk(row: ChunkRow): RetrievedChunk {
  return {
    id: Number(row.id),
    fileId: row.file_id,
    versionId: row.version_id,
    chunkIndex: Number(row.chunk_index),
    heading: row.heading,
    text: row.text,
    page: row.page === null ? null : Number(row.page),
    start: Number(row.start_offset),
    end: Number(row.end_offset),
    score: Number(row.score),
  };
}

export async function searchChunks(db: Kysely<DatabaseSchema>, dialect: Dialect, vectorStoreId: string, query: string, limit: number): Promise<RetrievedChunk[]> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  if (dialect === 'sqlite') {
    const match = fts5Match(terms);
    const result = await sql<ChunkRow>`
      select c.id, c.file_id, c.version_id, c.chunk_index, c.heading, c.text, c.page, c.start_offset, c.end_offset,
             -bm25(assistant_chunks_fts) as score
      from assistant_chunks_fts
      join assistant_chunks c on c.id = assistant_chunks_fts.rowid
      where assistant_chunks_fts match ${match} and c.vector_store_id = ${vectorStoreId}
      order by bm25(assistant_chunks_fts)
      limit ${limit}`.execute(db);
    return result.rows.map(toChunk);
  }
  const websearch = websearchOr(terms);
  const result = await sql<ChunkRow>`
    select c.id, c.file_id, c.version_id, c.chunk_index, c.heading, c.text, c.page, c.start_offset, c.end_offset,
           ts_rank(c.tsv, q, 1) as score
    from assistant_chunks c, websearch_to_tsquery('english', ${websearch}) q
    where c.tsv @@ q and c.vector_store_id = ${vectorStoreId}
    order by score desc, c.id
    limit ${limit}`.execute(db);
  return result.rows.map(toChunk);
}

/**
 * Full-text retrieval over one vector store's chunks (issue 14, ADR 019), one persistent index
 * on both dialects, never rebuilt per query:
 * - SQLite: FTS5 `MATCH` with the query's terms OR-joined, ranked by bm25() (lower is better);
 * - PostgreSQL: the generated tsvector with its GIN index, matched on the query's rarer lexemes,
 *   the best candidates by ts_rank(…, 1) re-ranked by BM25 from the store's lexeme statistics
 *   (migration 0026; ADR 037: ts_rank alone has no inverse document frequency and scored lower).
 * Scores are returned as "higher is better" on both. Only chunks of a file's current version
 * exist (a replaced or deleted file's chunks are removed in the same transaction), so nothing
 * stale or orphaned can be found.
 *
 * The store is restricted inside the full-text query (ADR 028): on SQLite a term of the FTS5
 * index's `store_token` column ANDed to the MATCH (weight 0 in bm25), so only the store's own
 * matches are ranked and only the top ones are joined to their rows; on PostgreSQL the store
 * condition beside the GIN match, and the rows read once ranked.
 *
 * With an `Embedder` (an embedding endpoint is configured), dense search (brute-force cosine over
 * the store's vectors, in process) is fused with the full-text ranking by weighted reciprocal
 * rank fusion (Cormack, Clarke and Büttcher 2009; k and weights in ADR 028); `score` is then the
 * fused score. Without one, full text only.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { Dialect } from '../../db/database';
import './retrieval-tables';
import { decodeVector, missingVectors, storeVectors } from './embeddings';
import type { Embedder } from './embeddings';
import { mayBeDanish, withDanishStems } from './language';

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

/** Reciprocal rank fusion's k (Cormack et al. 2009 used 60: it damps the weight of the very first ranks). */
export const RRF_K = 60;
/** Candidates taken from each ranking before fusing. */
export const FUSION_CANDIDATES = 50;
/** Weights of the rankings in the fusion (ADR 028): the two count the same unless measured otherwise. */
export const DEFAULT_WEIGHTS = { fullText: 1, dense: 1 } as const;
/** Chunks of a store still without a vector get one on a search, at most this many per search. */
const BACKFILL_PER_SEARCH = 256;

export interface SearchOptions {
  /** Adds dense search fused by weighted RRF; absent = full text only. */
  readonly embedder?: Embedder | undefined;
  readonly weights?: { readonly fullText: number; readonly dense: number };
  readonly k?: number;
  /** Candidates per ranking before fusion (default FUSION_CANDIDATES). */
  readonly candidates?: number;
  readonly signal?: AbortSignal;
}

/**
 * The store's chunks best matching `query`, best first. Exported name and first five parameters
 * are stable (other modules build on them); `options` adds dense search.
 */
export async function searchChunks(db: Kysely<DatabaseSchema>, dialect: Dialect, vectorStoreId: string, query: string, limit: number, options: SearchOptions = {}): Promise<RetrievedChunk[]> {
  if (!options.embedder) return fullTextSearch(db, dialect, vectorStoreId, query, limit);
  const candidates = Math.max(limit, options.candidates ?? FUSION_CANDIDATES);
  const [lexical, dense] = await Promise.all([fullTextSearch(db, dialect, vectorStoreId, query, candidates), denseSearch(db, options.embedder, vectorStoreId, query, candidates, options.signal)]);
  const weights = options.weights ?? DEFAULT_WEIGHTS;
  const fused = fuseRankings(
    [
      { weight: weights.fullText, ids: lexical.map((c) => c.id) },
      { weight: weights.dense, ids: dense.map((d) => d.id) },
    ],
    options.k ?? RRF_K,
  ).slice(0, limit);
  const byId = new Map(lexical.map((c) => [c.id, c]));
  const absent = fused.filter((f) => !byId.has(f.id)).map((f) => f.id);
  for (const chunk of await chunksById(db, absent)) byId.set(chunk.id, chunk);
  return fused.flatMap((f) => {
    const chunk = byId.get(f.id);
    return chunk ? [{ ...chunk, score: f.score }] : [];
  });
}

/**
 * Weighted reciprocal rank fusion: score(d) = Σ weight_r / (k + rank_r(d)), ranks from 1; a
 * document missing from a ranking gets nothing from it. Ties keep the first ranking's order.
 */
export function fuseRankings(rankings: readonly { weight: number; ids: readonly number[] }[], k = RRF_K): { id: number; score: number }[] {
  const scores = new Map<number, { score: number; first: number }>();
  rankings.forEach((ranking, r) => {
    ranking.ids.forEach((id, i) => {
      const entry = scores.get(id) ?? { score: 0, first: r * 1_000_000 + i };
      entry.score += ranking.weight / (k + i + 1);
      scores.set(id, entry);
    });
  });
  return [...scores.entries()].sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first).map(([id, e]) => ({ id, score: e.score }));
}

const CHUNK_COLUMNS = sql.raw('c.id, c.file_id, c.version_id, c.chunk_index, c.heading, c.text, c.page, c.start_offset, c.end_offset');

async function fullTextSearch(db: Kysely<DatabaseSchema>, dialect: Dialect, vectorStoreId: string, query: string, limit: number): Promise<RetrievedChunk[]> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  if (dialect === 'sqlite') {
    // Each term quoted: FTS5 reads it as a plain string, never as an operator or column filter.
    // The store is one more term, on its own column; `rank` is bm25 weighting that column 0.
    // Danish chunks are indexed as Danish stems (migration 0033): the question's Danish stems go in beside its words.
    const match = `(${fts5Match(withDanishStems(terms, query))}) AND store_token : "${storeToken(vectorStoreId)}"`;
    const result = await sql<ChunkRow>`
      select ${CHUNK_COLUMNS}, -top.rank as score
      from (select rowid, rank from assistant_chunks_fts where assistant_chunks_fts match ${match} order by rank limit ${limit}) top
      join assistant_chunks c on c.id = top.rowid
      order by top.rank, c.id`.execute(db);
    return result.rows.map(toChunk);
  }
  return postgresBm25(db, vectorStoreId, terms, limit, mayBeDanish(query));
}

/** BM25's k1 and b, FTS5's bm25() defaults, so both dialects rank alike (ADR 037). */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** PostgreSQL: this many candidates are taken from the GIN match (ranked by ts_rank) and re-ranked by BM25. */
export const RERANK_CANDIDATES = 100;
/**
 * PostgreSQL: when the query's lexemes together match more than MATCH_BUDGET chunks (counted with
 * repeats), a lexeme found in more than this share of the store's chunks does not make a chunk a
 * candidate (rarest terms first); it still counts in the BM25 of the candidates. A query of only
 * such lexemes matches on its rarest MIN_MATCH_LEXEMES. Within the budget every lexeme matches:
 * in a small store (a workshop's few visions) every word is "common", and pruning would leave
 * only the query's own entry as a candidate.
 */
export const COMMON_SHARE = 0.1;
const MIN_MATCH_LEXEMES = 2;
/**
 * PostgreSQL: the match takes lexemes rarest first while their document frequencies add up to at
 * most this (the rarest one always), so the chunks ranked by ts_rank stay bounded at any store
 * size; the lexemes left out still count in the BM25 of the candidates.
 */
export const MATCH_BUDGET = 5_000;

/**
 * PostgreSQL full text, ranked by BM25 (ADR 037), in one statement (each round trip counts on a
 * loaded server): the query's lexemes with their document frequency in the store (migration
 * 0026's statistics); the GIN match on the rarer ones (rarest first, within MATCH_BUDGET); the
 * RERANK_CANDIDATES best of those by ts_rank(…, 1); the candidates re-ranked by BM25 over all of
 * the query's lexemes, as FTS5's bm25() computes it (idf = ln((N − df + ½) / (df + ½)), at least
 * 10⁻⁶; k1 1.2, b 0.75; length = positions). ts_rank alone has no inverse document frequency.
 * Lexemes reach the tsquery quoted (quotes doubled, backslashes escaped): never read as operators.
 */
async function postgresBm25(db: Kysely<DatabaseSchema>, vectorStoreId: string, terms: readonly string[], limit: number, danish: boolean): Promise<RetrievedChunk[]> {
  // The question's lexemes in English and, unless it is plainly English, in Danish too (migration 0033).
  const lexemes = danish ? sql`to_tsvector('english', ${terms.join(' ')}) || to_tsvector('danish', ${terms.join(' ')})` : sql`to_tsvector('english', ${terms.join(' ')})`;
  const result = await sql<ChunkRow>`
    with q as (
      select u.lexeme, coalesce(l.df, 0)::float8 as df
      from unnest(${lexemes}) u
      left join assistant_lexemes l on l.vector_store_id = ${vectorStoreId} and l.lexeme = u.lexeme
    ), stats as (
      select chunks::float8 as n, tokens::float8 / chunks as avgdl from assistant_store_lengths where vector_store_id = ${vectorStoreId} and chunks > 0
    ), ordered as (
      select q.lexeme, q.df, q.df <= ${COMMON_SHARE}::float8 * stats.n as rare,
        row_number() over (order by q.df, q.lexeme) as i, sum(q.df) over (order by q.df, q.lexeme) as running,
        sum(q.df) over () as total
      from q, stats where q.df > 0
    ), m as (
      select string_agg('''' || replace(replace(o.lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery as tsq
      from ordered o
      where case
        when o.total <= ${MATCH_BUDGET}::float8 then true
        when exists (select 1 from ordered where rare) then o.rare and (o.i = 1 or o.running <= ${MATCH_BUDGET}::float8)
        else o.i <= ${MIN_MATCH_LEXEMES}::int end
    ), candidates as (
      select c.id, c.tsv from assistant_chunks c, m
      where c.tsv @@ m.tsq and c.vector_store_id = ${vectorStoreId}
      order by ts_rank(c.tsv, m.tsq, 1) desc, c.id
      limit ${Math.max(limit, RERANK_CANDIDATES)}
    ), scored as (
      select k.id, sum(greatest(1e-6, ln((stats.n - o.df + 0.5) / (o.df + 0.5))) * f.tf * ${BM25_K1 + 1}
                 / (f.tf + ${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * len.dl / stats.avgdl))) as score
      from candidates k cross join stats
      cross join lateral (select coalesce(sum(cardinality(x.positions)), 0)::float8 as dl from unnest(k.tsv) x) len
      cross join lateral (select x.lexeme, greatest(1, cardinality(x.positions))::float8 as tf from unnest(k.tsv) x) f
      join ordered o on o.lexeme = f.lexeme
      group by k.id
    )
    select ${CHUNK_COLUMNS}, s.score from scored s join assistant_chunks c on c.id = s.id
    order by s.score desc, c.id
    limit ${limit}`.execute(db);
  return result.rows.map(toChunk);
}

/** The store's FTS5 token, as migration 0018's generated column makes it ('s' + the id without '-'), quotes doubled for the MATCH string. */
export function storeToken(vectorStoreId: string): string {
  return `s${vectorStoreId.replace(/-/g, '')}`.replace(/"/g, '""');
}

async function chunksById(db: Kysely<DatabaseSchema>, ids: readonly number[]): Promise<RetrievedChunk[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('assistant_chunks as c')
    .select(['c.id', 'c.file_id', 'c.version_id', 'c.chunk_index', 'c.heading', 'c.text', 'c.page', 'c.start_offset', 'c.end_offset'])
    .where('c.id', 'in', [...ids])
    .execute();
  return rows.map((row) => toChunk({ ...row, score: 0 }));
}

interface StoreMatrix {
  readonly stamp: string;
  readonly ids: number[];
  /** Unit-length vectors, one after another. */
  readonly values: Float32Array;
  readonly dimensions: number;
}

/** The last few stores' vectors in memory, each valid while the store's `modified_at` and chunk count are unchanged. */
const matrices = new Map<string, StoreMatrix>();
const MATRIX_CACHE = 8;

async function storeStamp(db: Kysely<DatabaseSchema>, vectorStoreId: string): Promise<string> {
  const store = await db.selectFrom('assistant_vector_stores').select('modified_at').where('id', '=', vectorStoreId).executeTakeFirst();
  const count = await db.selectFrom('assistant_chunks').select((eb) => eb.fn.countAll<number | string>().as('n')).where('vector_store_id', '=', vectorStoreId).executeTakeFirst();
  return `${store?.modified_at ?? ''}|${String(count?.n ?? 0)}`;
}

/** Gives vectors to the store's chunks that have none for this model yet (indexed before the endpoint was configured). */
async function backfill(db: Kysely<DatabaseSchema>, embed: Embedder, vectorStoreId: string, signal?: AbortSignal): Promise<boolean> {
  const rows = await db
    .selectFrom('assistant_chunks as c')
    .leftJoin('assistant_embeddings as e', (join) => join.onRef('e.content_hash', '=', 'c.content_hash').on('e.model', '=', embed.model))
    .select(['c.content_hash', 'c.text'])
    .where('c.vector_store_id', '=', vectorStoreId)
    .where('c.content_hash', 'is not', null)
    .where('e.content_hash', 'is', null)
    .limit(BACKFILL_PER_SEARCH)
    .execute();
  if (rows.length === 0) return false;
  const texts = new Map(rows.map((r) => [r.content_hash as string, r.text]));
  await storeVectors(db, embed.model, await missingVectors(db, embed, texts, signal), new Date());
  return true;
}

async function loadMatrix(db: Kysely<DatabaseSchema>, embed: Embedder, vectorStoreId: string, signal?: AbortSignal): Promise<StoreMatrix> {
  const key = `${embed.model}\u0000${vectorStoreId}`;
  const filled = await backfill(db, embed, vectorStoreId, signal);
  const stamp = await storeStamp(db, vectorStoreId);
  const cached = matrices.get(key);
  if (cached && cached.stamp === stamp && !filled) return cached;
  const rows = await db
    .selectFrom('assistant_chunks as c')
    .innerJoin('assistant_embeddings as e', (join) => join.onRef('e.content_hash', '=', 'c.content_hash').on('e.model', '=', embed.model))
    .select(['c.id', 'e.vector', 'e.dimensions'])
    .where('c.vector_store_id', '=', vectorStoreId)
    .orderBy('c.id')
    .execute();
  const dimensions = Number(rows[0]?.dimensions ?? 0);
  const usable = rows.filter((r) => Number(r.dimensions) === dimensions);
  const values = new Float32Array(usable.length * dimensions);
  usable.forEach((row, i) => values.set(normalise(decodeVector(row.vector)), i * dimensions));
  const matrix = { stamp, ids: usable.map((r) => Number(r.id)), values, dimensions };
  matrices.delete(key);
  matrices.set(key, matrix);
  while (matrices.size > MATRIX_CACHE) matrices.delete(matrices.keys().next().value as string);
  return matrix;
}

function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  return norm === 0 ? vector : vector.map((x) => x / norm);
}

/** Brute-force cosine over the store's vectors: the `limit` most similar chunks, best first. */
async function denseSearch(db: Kysely<DatabaseSchema>, embed: Embedder, vectorStoreId: string, query: string, limit: number, signal?: AbortSignal): Promise<{ id: number; score: number }[]> {
  if (query.trim() === '') return [];
  const matrix = await loadMatrix(db, embed, vectorStoreId, signal);
  if (matrix.ids.length === 0) return [];
  const [raw] = await embed.embed([query], signal);
  if (!raw || raw.length !== matrix.dimensions) return [];
  const q = normalise(raw);
  const scored: { id: number; score: number }[] = [];
  for (let i = 0; i < matrix.ids.length; i += 1) {
    let dot = 0;
    const base = i * matrix.dimensions;
    for (let d = 0; d < matrix.dimensions; d += 1) dot += (q[d] ?? 0) * (matrix.values[base + d] ?? 0);
    scored.push({ id: matrix.ids[i] as number, score: dot });
  }
  return scored.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
}

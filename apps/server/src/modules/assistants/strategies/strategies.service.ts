/**
 * listQuantumStrategyDocuments (SPEC §7, issue 16 part 3, ADR 031): the strategy documents a
 * caller may read (the generic documents' visibility), narrowed by the generic document filter
 * grammar (document-filter.ts: a malformed filter is a 400), and by an optional full-text
 * query over the database's own index (migration 0021; query terms cleaned as the assistants'
 * retrieval cleans them), sorted and paged in SQL.
 */
import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { strategies } from '@chi/contract';
import type { Dialect } from '../../../db/database';
import type { DatabaseSchema } from '../../../db/schema';
import type { DocumentsTable } from '../../documents/documents-tables';
import { STRATEGY_TEXT_TSVECTOR } from '../migrations/0021-quantum-strategies';
import { toDocument, visibility, type Caller, type DocumentScope } from '../../documents/document-access';
import { checkFilter, compileFilter, fieldExpression } from '../../documents/document-filter';
import { fts5Match, queryTerms, websearchOr } from '../../retrieval/retrieval';

export interface StrategiesContext {
  readonly db: Kysely<DatabaseSchema>;
  readonly dialect: Dialect;
}

export interface StrategyListInput {
  filter?: unknown;
  query?: string | undefined;
  offset: number;
  limit: number;
  sorting: { field: string; direction: 'asc' | 'desc' }[];
}

const SCOPE: DocumentScope = { appId: strategies.STRATEGY_APP, dataType: strategies.STRATEGY_DATA_TYPE };

/** The match condition and the score (higher is better) of a full-text query. */
function fullText(dialect: Dialect, terms: readonly string[]): { where: RawBuilder<SqlBool>; score: RawBuilder<number> } {
  if (dialect === 'sqlite') {
    const match = fts5Match(terms);
    return {
      where: sql<SqlBool>`${sql.ref('documents.id')} in (select doc_id from quantum_strategy_fts where quantum_strategy_fts match ${match})`,
      score: sql<number>`(select -bm25(quantum_strategy_fts) from quantum_strategy_fts where quantum_strategy_fts match ${match} and doc_id = ${sql.ref('documents.id')})`,
    };
  }
  const tsvector = sql.raw(STRATEGY_TEXT_TSVECTOR);
  const tsquery = sql`websearch_to_tsquery('english', ${websearchOr(terms)})`;
  return { where: sql<SqlBool>`${tsvector} @@ ${tsquery}`, score: sql<number>`ts_rank(${tsvector}, ${tsquery}, 1)` };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toSummary(row: DocumentsTable & { score: number | string | null }): strategies.StrategySummary {
  const document = toDocument(row);
  return {
    _id: document._id,
    _ownerId: document._ownerId,
    _published: document._published,
    _createdAt: document._createdAt,
    _updatedAt: document._updatedAt,
    title: text(document.title),
    summary: text(document.summary),
    topic: text(document.topic),
    horizon: text(document.horizon),
    status: text(document.status),
    year: typeof document.year === 'number' ? document.year : null,
    score: row.score === null ? null : Number(row.score),
  };
}

export async function listStrategies(ctx: StrategiesContext, caller: Caller, input: StrategyListInput) {
  // Checked first: a malformed filter is a 400 whoever asks.
  const filter = input.filter === undefined ? undefined : checkFilter(input.filter);
  const terms = input.query ? queryTerms(input.query) : [];
  // A query of punctuation only matches nothing, rather than everything.
  if (input.query && terms.length === 0) return { documents: [], total: 0 };

  let query = ctx.db
    .selectFrom('documents')
    .where('app_id', '=', SCOPE.appId)
    .where('data_type', '=', SCOPE.dataType)
    .where(visibility(SCOPE, caller));
  if (filter) query = query.where(compileFilter(filter, ctx.dialect));
  const search = terms.length > 0 ? fullText(ctx.dialect, terms) : null;
  if (search) query = query.where(search.where);

  const counted = await query.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
  let page = query.selectAll('documents').select((search ? search.score : sql<number | null>`null`).as('score'));
  for (const { field, direction } of input.sorting) page = page.orderBy(fieldExpression(field, ctx.dialect), direction);
  if (search) page = page.orderBy(sql`score`, 'desc');
  const rows = await page
    .orderBy(fieldExpression('title', ctx.dialect), 'asc')
    .orderBy('id', 'asc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return { documents: rows.map(toSummary), total: Number(counted?.n ?? 0) };
}

/**
 * The strategies table's state lives in the URL (`?q=…&topic=…&sort=year.desc&page=2…`), so a
 * filtered, sorted page can be linked to and survives a reload. Pure: parsing never trusts the
 * URL (unknown values fall back to the defaults) and the call's input is derived from it.
 */
import { strategies, type documents, type InputOf } from '@chi/contract';

export type SortField = (typeof strategies.STRATEGY_SORT_FIELDS)[number];

export interface StrategyListState {
  query: string;
  topic: strategies.StrategyTopic | null;
  horizon: strategies.StrategyHorizon | null;
  status: strategies.StrategyStatus | null;
  /** null: by relevance when searching, else by title. */
  sort: { field: SortField; direction: 'asc' | 'desc' } | null;
  page: number;
  pageSize: (typeof strategies.STRATEGY_PAGE_SIZES)[number];
  /** The document open in the reader. */
  doc: string | null;
}

export const DEFAULT_STATE: StrategyListState = { query: '', topic: null, horizon: null, status: null, sort: null, page: 1, pageSize: 10, doc: null };

const KEYS = ['q', 'topic', 'horizon', 'status', 'sort', 'page', 'size', 'doc'] as const;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

export function parseListState(params: URLSearchParams): StrategyListState {
  const [field, direction] = (params.get('sort') ?? '').split('.');
  const sortField = oneOf(strategies.STRATEGY_SORT_FIELDS, field ?? null);
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const doc = params.get('doc');
  return {
    query: (params.get('q') ?? '').slice(0, strategies.MAX_STRATEGY_QUERY),
    topic: oneOf(strategies.STRATEGY_TOPICS, params.get('topic')),
    horizon: oneOf(strategies.STRATEGY_HORIZONS, params.get('horizon')),
    status: oneOf(strategies.STRATEGY_STATUSES, params.get('status')),
    sort: sortField ? { field: sortField, direction: direction === 'desc' ? 'desc' : 'asc' } : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (strategies.STRATEGY_PAGE_SIZES as readonly number[]).includes(size) ? (size as StrategyListState['pageSize']) : DEFAULT_STATE.pageSize,
    doc: doc !== null && /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/.test(doc) ? doc : null,
  };
}

/** The state as query parameters: defaults are left out; other parameters (e.g. `modal`) are kept. */
export function writeListState(state: StrategyListState, previous: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const key of KEYS) next.delete(key);
  if (state.query) next.set('q', state.query);
  if (state.topic) next.set('topic', state.topic);
  if (state.horizon) next.set('horizon', state.horizon);
  if (state.status) next.set('status', state.status);
  if (state.sort) next.set('sort', `${state.sort.field}.${state.sort.direction}`);
  if (state.page > 1) next.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_STATE.pageSize) next.set('size', String(state.pageSize));
  if (state.doc) next.set('doc', state.doc);
  return next;
}

/** The call's input: the filters as one generic AND filter, the sort, the page. */
export function listInput(state: StrategyListState): InputOf<typeof strategies.listQuantumStrategyDocuments> {
  const clauses: documents.FilterClause[] = [];
  if (state.topic) clauses.push({ field: 'topic', value: state.topic });
  if (state.horizon) clauses.push({ field: 'horizon', value: state.horizon });
  if (state.status) clauses.push({ field: 'status', value: state.status });
  return {
    ...(clauses.length > 0 ? { filter: { type: 'AND', filters: clauses } } : {}),
    ...(state.query ? { query: state.query } : {}),
    sorting: state.sort ? [state.sort] : [],
    offset: (state.page - 1) * state.pageSize,
    limit: state.pageSize,
  };
}

/** A click on a column header: ascending first, then descending, then back to the default order. */
export function nextSort(current: StrategyListState['sort'], field: SortField): StrategyListState['sort'] {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}

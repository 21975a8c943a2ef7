/**
 * Document filters (SPEC §3, §5): parsed from untrusted JSON into a checked tree, then
 * compiled to SQL in which every field path and every value is a bound parameter. Only the
 * operator and the identity column names become SQL text, and both come from fixed tables
 * here, so no client string can change the statement's shape.
 */
import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import { ERRORS, documents } from '@chi/contract';
import type { Dialect } from '../../db/database';
import { AppError } from '../../http/app-error';

const { DOCUMENT_FIELD_PATTERN, FILTER_OPERATORS, MAX_FILTER_CLAUSES, MAX_FILTER_DEPTH } = documents;
type FilterOperator = documents.FilterOperator;
type FilterValue = documents.FilterValue;

export type CheckedFilter =
  | { readonly kind: 'clause'; readonly field: string; readonly operator: FilterOperator; readonly value: FilterValue | readonly FilterValue[] }
  | { readonly kind: 'group'; readonly type: 'AND' | 'OR'; readonly filters: readonly CheckedFilter[] };

/** Identity fields and the columns that hold them. */
const IDENTITY_COLUMNS: Readonly<Record<string, string>> = {
  _id: 'id',
  _appId: 'app_id',
  _dataType: 'data_type',
  _ownerId: 'owner_id',
  _published: 'published',
  _createdAt: 'created_at',
  _updatedAt: 'updated_at',
};

const SQL_OPERATORS: Readonly<Record<'=' | '!=' | '<' | '<=' | '>' | '>=', string>> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

const MAX_IN_VALUES = 100;
const MAX_STRING_VALUE = 2_000;

function malformed(): AppError {
  return new AppError(ERRORS.malformedFilter);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is FilterValue {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'string') return value.length <= MAX_STRING_VALUE;
  return typeof value === 'number' && Number.isFinite(value);
}

export function isFilterField(field: unknown): field is string {
  return typeof field === 'string' && (field in IDENTITY_COLUMNS || DOCUMENT_FIELD_PATTERN.test(field));
}

/** Which values an identity field accepts: it is a typed column, not free JSON. */
function identityValueOk(field: string, value: FilterValue): boolean {
  if (field === '_published') return typeof value === 'boolean';
  if (field === '_ownerId') return typeof value === 'string' || value === null;
  return typeof value === 'string';
}

function checkClause(node: Record<string, unknown>): CheckedFilter {
  if (Object.keys(node).some((key) => key !== 'field' && key !== 'operator' && key !== 'value')) throw malformed();
  const { field, value } = node;
  const operator = node.operator ?? '=';
  if (!isFilterField(field) || !('value' in node)) throw malformed();
  if (typeof operator !== 'string' || !(FILTER_OPERATORS as readonly string[]).includes(operator)) throw malformed();
  const op = operator as FilterOperator;
  const identity = field in IDENTITY_COLUMNS;
  if (op === 'in') {
    if (!Array.isArray(value) || value.length > MAX_IN_VALUES) throw malformed();
    const values: unknown[] = value;
    if (!values.every((v): v is FilterValue => isScalar(v) && v !== null && (!identity || identityValueOk(field, v)))) throw malformed();
    return { kind: 'clause', field, operator: op, value: values as FilterValue[] };
  }
  if (!isScalar(value)) throw malformed();
  if (identity && !identityValueOk(field, value)) throw malformed();
  if (op === 'contains' && typeof value !== 'string') throw malformed();
  if (op !== '=' && op !== '!=' && op !== 'contains' && typeof value !== 'string' && typeof value !== 'number') throw malformed();
  return { kind: 'clause', field, operator: op, value };
}

/** Checks a filter from the wire; anything that is not a well-formed filter is a 400 malformed filter. */
export function checkFilter(input: unknown): CheckedFilter {
  let clauses = 0;
  const walk = (node: unknown, depth: number): CheckedFilter => {
    if (depth > MAX_FILTER_DEPTH || !isPlainObject(node)) throw malformed();
    if ('type' in node || 'filters' in node) {
      if (Object.keys(node).some((key) => key !== 'type' && key !== 'filters')) throw malformed();
      const { type, filters } = node;
      if ((type !== 'AND' && type !== 'OR') || !Array.isArray(filters)) throw malformed();
      const children: unknown[] = filters;
      return { kind: 'group', type, filters: children.map((child) => walk(child, depth + 1)) };
    }
    clauses += 1;
    if (clauses > MAX_FILTER_CLAUSES) throw malformed();
    return checkClause(node);
  };
  return walk(input, 1);
}

type Sql = RawBuilder<unknown>;

/** SQLite stores JSON booleans as 1/0 and better-sqlite3 cannot bind a boolean. */
function sqliteValue(value: FilterValue): string | number | null {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function jsonPath(field: string): string[] {
  return field.split('.');
}

/** The SQL of one field: a column, or the field read out of the JSON data (path bound). */
export function fieldExpression(field: string, dialect: Dialect, as: 'json' | 'text' = 'json'): Sql {
  const column = IDENTITY_COLUMNS[field];
  if (column !== undefined) return sql.ref(column);
  if (dialect === 'sqlite') return sql`json_extract(${sql.ref('data')}, ${`$.${field}`})`;
  return as === 'json'
    ? // JSON null reads as SQL NULL, as json_extract answers it on SQLite, so `!=` means the same on both.
      sql`nullif(${sql.ref('data')}::jsonb #> ${jsonPath(field)}::text[], 'null'::jsonb)`
    : sql`(${sql.ref('data')}::jsonb #>> ${jsonPath(field)}::text[])`;
}

function bindValue(field: string, value: FilterValue, dialect: Dialect): Sql {
  if (field in IDENTITY_COLUMNS) {
    if (field === '_published') return sql`${value === true ? 1 : 0}`;
    return sql`${value}`;
  }
  if (dialect === 'sqlite') return sql`${sqliteValue(value)}`;
  // PostgreSQL compares jsonb with jsonb: numbers numerically, strings as text, booleans as such.
  return sql`cast(${JSON.stringify(value)} as jsonb)`;
}

function compileClause(clause: Extract<CheckedFilter, { kind: 'clause' }>, dialect: Dialect): Sql {
  const { field, operator, value } = clause;
  if (operator === 'contains') {
    const text = fieldExpression(field, dialect, 'text');
    return dialect === 'sqlite' ? sql`(instr(${text}, ${value as string}) > 0)` : sql`(strpos(${text}, ${value as string}) > 0)`;
  }
  const target = fieldExpression(field, dialect);
  if (operator === 'in') {
    const values = value as readonly FilterValue[];
    if (values.length === 0) return sql`(1 = 0)`;
    return sql`(${target} in (${sql.join(values.map((v) => bindValue(field, v, dialect)))}))`;
  }
  const scalar = value as FilterValue;
  if (scalar === null) {
    const isNull = sql`${target} is null`;
    return operator === '=' ? sql`(${isNull})` : sql`(not (${isNull}))`;
  }
  const sqlOperator = SQL_OPERATORS[operator as keyof typeof SQL_OPERATORS];
  return sql`(${target} ${sql.raw(sqlOperator)} ${bindValue(field, scalar, dialect)})`;
}

/** The WHERE condition of a checked filter, for `.where(compileFilter(...))`. */
export function compileFilter(filter: CheckedFilter, dialect: Dialect): RawBuilder<SqlBool> {
  const compile = (node: CheckedFilter): Sql => {
    if (node.kind === 'clause') return compileClause(node, dialect);
    if (node.filters.length === 0) return node.type === 'AND' ? sql`(1 = 1)` : sql`(1 = 0)`;
    return sql`(${sql.join(node.filters.map(compile), node.type === 'AND' ? sql` and ` : sql` or `)})`;
  };
  return sql<SqlBool>`${compile(filter)}`;
}

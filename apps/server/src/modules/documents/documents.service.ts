/** The generic document operations (SPEC §7 Generic documents) over the `documents` table. */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ERRORS, documents } from '@chi/contract';
import type { InputOf } from '@chi/contract';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import type { DocumentsTable } from './documents-tables';
import { AppError, validationError } from '../../http/app-error';
import { formatZodError } from '../../http/zod-issues';
import { newId } from '../../security/secrets';
import {
  assertAuthor,
  assertCurator,
  assertMutable,
  assertNoReservedFields,
  checkId,
  identityFrom,
  isPersonScope,
  mayChange,
  ownFields,
  toDocument,
  visibility,
} from './document-access';
import type { Caller, DocumentScope } from './document-access';
import { checkFilter, compileFilter, fieldExpression } from './document-filter';
import { withOwnerNames } from './document-owners';

type Db = Kysely<DatabaseSchema>;
type StoredDocument = documents.StoredDocument;
const { DOCUMENT_ERRORS, personFieldsSchema } = documents;

export interface DocumentsContext {
  readonly db: Db;
  readonly dialect: Dialect;
  readonly now: () => Date;
}

type ListInput = { filter?: unknown; offset: number; limit: number; sorting: { field: string; direction: 'asc' | 'desc' }[]; proxyId?: string | undefined };

/** A proxy id answers its document's id, or nothing when it names another scope. */
async function proxiedDocumentId(ctx: DocumentsContext, scope: DocumentScope, proxyId: string): Promise<string> {
  const proxy = await ctx.db
    .selectFrom('document_proxies')
    .select('document_id')
    .where('id', '=', proxyId)
    .where('app_id', '=', scope.appId)
    .where('data_type', '=', scope.dataType)
    .executeTakeFirst();
  if (!proxy) throw new AppError(DOCUMENT_ERRORS.notFound);
  return proxy.document_id;
}

export async function listDocuments(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, input: ListInput) {
  // Checked first: a malformed filter is a 400 whoever asks and whatever the proxy.
  const filter = input.filter === undefined ? undefined : checkFilter(input.filter);
  const proxied = input.proxyId === undefined ? undefined : await proxiedDocumentId(ctx, scope, input.proxyId);
  let query = ctx.db
    .selectFrom('documents')
    .where('app_id', '=', scope.appId)
    .where('data_type', '=', scope.dataType)
    .where(visibility(scope, caller, proxied));
  if (filter) query = query.where(compileFilter(filter, ctx.dialect));

  const counted = await query.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
  let page = query.selectAll();
  for (const { field, direction } of input.sorting) page = page.orderBy(fieldExpression(field, ctx.dialect), direction);
  const rows = await page.orderBy('created_at', 'desc').orderBy('id', 'asc').limit(input.limit).offset(input.offset).execute();
  return { documents: await withOwnerNames(ctx.db, rows.map(toDocument)), total: Number(counted?.n ?? 0) };
}

/** A row the caller may read; one they may not see answers 404, as if it did not exist. */
async function visibleRow(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, id: string, proxied?: string): Promise<DocumentsTable> {
  const row = await ctx.db
    .selectFrom('documents')
    .selectAll()
    .where('app_id', '=', scope.appId)
    .where('data_type', '=', scope.dataType)
    .where('id', '=', id)
    .where(visibility(scope, caller, proxied))
    .executeTakeFirst();
  if (!row) throw new AppError(DOCUMENT_ERRORS.notFound);
  return row;
}

export async function getDocument(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, input: { filter?: unknown; proxyId?: string | undefined }) {
  if (input.proxyId !== undefined) {
    const proxied = await proxiedDocumentId(ctx, scope, input.proxyId);
    // With a proxy the filter may be left out: the proxy names the document.
    const id = input.filter === undefined ? proxied : identityFrom(input.filter, scope, 'filter');
    return toDocument(await visibleRow(ctx, scope, caller, id, proxied));
  }
  const id = identityFrom(input.filter, scope, 'filter');
  return toDocument(await visibleRow(ctx, scope, caller, id));
}

function personFields(fields: Record<string, unknown>, label: string): Record<string, unknown> {
  const parsed = personFieldsSchema.strict().safeParse(fields);
  if (!parsed.success) throw validationError(formatZodError(parsed.error, label));
  return parsed.data;
}

function serialise(fields: Record<string, unknown>): string {
  return JSON.stringify(fields);
}

export async function createDocument(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, body: Record<string, unknown>): Promise<StoredDocument> {
  const user = assertAuthor(caller);
  assertCurator(scope, caller);
  const id = identityFrom(body, scope, 'body');
  let fields = ownFields(body, 'body');
  if (isPersonScope(scope)) {
    if (id !== user.id && !caller.manager) throw new AppError(ERRORS.forbidden);
    fields = personFields(fields, 'body');
  }
  const at = ctx.now().toISOString();
  const row: DocumentsTable = {
    app_id: scope.appId,
    data_type: scope.dataType,
    id,
    owner_id: isPersonScope(scope) ? id : user.id,
    published: 0,
    data: serialise(fields),
    created_at: at,
    updated_at: at,
  };
  const result = await ctx.db
    .insertInto('documents')
    .values(row)
    .onConflict((oc) => oc.columns(['app_id', 'data_type', 'id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError(DOCUMENT_ERRORS.exists);
  return toDocument(row);
}

/** Appends to a log data type; the client may send its own `_id` so a retry stores nothing twice. */
export async function logDocument(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, body: Record<string, unknown>) {
  if (caller.user === null && !documents.ANONYMOUS_LOG_APPS.includes(scope.appId)) throw new AppError(ERRORS.unauthorized);
  if (!scope.dataType.startsWith('_')) throw validationError('dataType: log needs an immutable data type (starting with _)');
  if (isPersonScope(scope)) throw validationError('dataType: _Person is not a log');
  if (body._dataType !== undefined && body._dataType !== scope.dataType) throw validationError('body._dataType: does not match the data type of the path');
  if (body._appId !== undefined && body._appId !== scope.appId) throw validationError('body._appId: does not match the app of the path');
  const id = body._id === undefined ? newId() : checkId(body._id, 'body._id');
  const at = ctx.now().toISOString();
  const result = await ctx.db
    .insertInto('documents')
    .values({
      app_id: scope.appId,
      data_type: scope.dataType,
      id,
      owner_id: caller.user?.id ?? null,
      published: 0,
      data: serialise(ownFields(body, 'body')),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['app_id', 'data_type', 'id']).doNothing())
    .executeTakeFirst();
  return { _id: id, duplicate: Number(result.numInsertedOrUpdatedRows ?? 0) === 0 };
}

/** The row a change applies to: visible (else 404) and the caller's to change (else 403). */
async function changeableRow(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, filter: unknown): Promise<DocumentsTable> {
  if (caller.user === null) throw new AppError(ERRORS.unauthorized);
  assertCurator(scope, caller);
  const id = identityFrom(filter, scope, 'filter');
  const row = await visibleRow(ctx, scope, caller, id);
  if (!mayChange(row, caller)) throw new AppError(ERRORS.forbidden);
  return row;
}

async function saveRow(ctx: DocumentsContext, row: DocumentsTable, changes: Partial<Pick<DocumentsTable, 'data' | 'published'>>): Promise<StoredDocument> {
  const updated = { ...row, ...changes, updated_at: ctx.now().toISOString() };
  await ctx.db
    .updateTable('documents')
    .set({ ...changes, updated_at: updated.updated_at })
    .where('app_id', '=', row.app_id)
    .where('data_type', '=', row.data_type)
    .where('id', '=', row.id)
    .execute();
  return toDocument(updated);
}

type PatchInput = InputOf<typeof documents.patch>;

export async function patchDocument(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, input: { filter?: unknown; update: NonNullable<PatchInput['update']> }) {
  if (input.filter === undefined) throw new AppError(ERRORS.filterRequired);
  identityFrom(input.filter, scope, 'filter');
  assertMutable(scope, 'patch');
  assertNoReservedFields(input.update);
  const row = await changeableRow(ctx, scope, caller, input.filter);
  const fields: Record<string, unknown> = { ...(JSON.parse(row.data) as Record<string, unknown>), ...ownFields(input.update, 'update') };
  return saveRow(ctx, row, { data: serialise(fields) });
}

export async function setPublished(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, filter: unknown, published: boolean) {
  identityFrom(filter, scope, 'filter');
  assertMutable(scope, published ? 'publish' : 'retract');
  const row = await changeableRow(ctx, scope, caller, filter);
  if (published) return saveRow(ctx, row, { published: 1 });
  // Retract means "private to its owner again": read proxies handed out stop working with it.
  return ctx.db.transaction().execute(async (trx) => {
    await proxiesOf(trx, row).deleteAll();
    return saveRow({ ...ctx, db: trx }, row, { published: 0 });
  });
}

export async function deleteDocument(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, filter: unknown) {
  identityFrom(filter, scope, 'filter');
  assertMutable(scope, 'delete');
  const row = await changeableRow(ctx, scope, caller, filter);
  await ctx.db.deleteFrom('documents').where('app_id', '=', row.app_id).where('data_type', '=', row.data_type).where('id', '=', row.id).execute();
  return { _id: row.id, deleted: true as const };
}

type DocumentKey = Pick<DocumentsTable, 'app_id' | 'data_type' | 'id'>;

function proxiesOf(db: Db, row: DocumentKey) {
  return {
    first: () =>
      db
        .selectFrom('document_proxies')
        .select('id')
        .where('app_id', '=', row.app_id)
        .where('data_type', '=', row.data_type)
        .where('document_id', '=', row.id)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst(),
    deleteAll: () =>
      db.deleteFrom('document_proxies').where('app_id', '=', row.app_id).where('data_type', '=', row.data_type).where('document_id', '=', row.id).execute(),
  };
}

/**
 * CREATE_DOCUMENT_PROXY: the id that lets whoever holds it read this one document (chunk
 * references). Only a caller who may change the document gets one; the same id comes back
 * until a retract or delete revokes it (see the descriptor's comment).
 */
export async function proxyDocument(ctx: DocumentsContext, scope: DocumentScope, caller: Caller, filter: unknown): Promise<{ proxyId: string }> {
  identityFrom(filter, scope, 'filter');
  assertMutable(scope, 'proxy');
  const row = await changeableRow(ctx, scope, caller, filter);
  const existing = await proxiesOf(ctx.db, row).first();
  if (existing) return { proxyId: existing.id };
  const proxyId = newId();
  try {
    await ctx.db
      .insertInto('document_proxies')
      .values({ id: proxyId, app_id: row.app_id, data_type: row.data_type, document_id: row.id, created_by: caller.user?.id ?? null, created_at: ctx.now().toISOString() })
      .execute();
  } catch (error) {
    // Deleted between the read and the insert (the foreign key refuses it): gone, not a 500.
    const still = await ctx.db.selectFrom('documents').select('id')
      .where('app_id', '=', row.app_id).where('data_type', '=', row.data_type).where('id', '=', row.id)
      .executeTakeFirst();
    if (!still) throw new AppError(DOCUMENT_ERRORS.notFound);
    throw error;
  }
  return { proxyId };
}

export type ListDocumentsInput = ListInput;

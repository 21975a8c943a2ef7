/**
 * Generic documents (SPEC §3, §4, §7, issue 5): any data type of any app, at
 * `/actions/{appId}/{dataType}/action/{endpoint}`. The app and data type are path parameters,
 * so one descriptor serves every data type; build concrete URLs with `documentPath`.
 *
 * Filters and identities are checked by the server, not by these schemas: the spec fixes
 * their error messages (`filter is required`, `filter._dataType is required`,
 * `filter._id is required`, `Cannot update immutable document`, malformed filter → 400),
 * which a schema-level rejection would replace with generic validation text.
 */
import { z } from 'zod';
import { defineRoute } from '../api';
import type { ApiDescriptor, RouteSpec } from '../api';
import type { AppId } from '../apps';

/** A data type: a capitalised name; a leading `_` marks an immutable (system or log) type. */
export const DATA_TYPE_PATTERN = /^_?[A-Z][A-Za-z0-9]{0,63}$/;
/** Own-field names a filter or sorting may name: a dotted path of at most five plain names. */
export const DOCUMENT_FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z_][A-Za-z0-9_]{0,63}){0,4}$/;
export const FILTER_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'in', 'contains'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
/** Fields every document has; all other fields are the document's own (stored as JSON). */
export const IDENTITY_FIELDS = ['_id', '_appId', '_dataType', '_ownerId', '_published', '_createdAt', '_updatedAt', '_ownerName'] as const;
export const MAX_FILTER_DEPTH = 5;
export const MAX_FILTER_CLAUSES = 50;
export const MAX_LIST_LIMIT = 200;
export const DEFAULT_LIST_LIMIT = 50;

export type FilterValue = string | number | boolean | null;

export interface FilterClause {
  readonly field: string;
  /** Defaults to `=`. */
  readonly operator?: FilterOperator;
  /** An array for `in`; a string for `contains`. */
  readonly value: FilterValue | readonly FilterValue[];
}

export interface FilterGroup {
  readonly type: 'AND' | 'OR';
  readonly filters: readonly DocumentFilter[];
}

export type DocumentFilter = FilterClause | FilterGroup;

/** Whether a data type is immutable: no update, publish, retract or delete (SPEC §4). */
export function isImmutableDataType(dataType: string): boolean {
  return dataType.startsWith('_');
}

export const DOCUMENT_ERRORS = {
  notFound: { name: 'Not Found', message: 'Document not found', code: 404 },
  exists: { name: 'Conflict', message: 'A document with this _id already exists', code: 409 },
} as const;

export const documentIdentitySchema = z.object({
  _appId: z.string(),
  _dataType: z.string(),
  _id: z.string(),
});
export type DocumentIdentity = z.infer<typeof documentIdentitySchema>;

/** A stored document: its identity and bookkeeping fields, then its own fields. */
export const documentSchema = z.looseObject({
  _appId: z.string(),
  _dataType: z.string(),
  _id: z.string(),
  _ownerId: z.string().nullable(),
  _published: z.boolean(),
  _createdAt: z.string(),
  _updatedAt: z.string(),
  /** The owner's account name, added by list (no e-mail); null when the owner is gone. */
  _ownerName: z.string().nullable().optional(),
});
export type StoredDocument = z.infer<typeof documentSchema>;

/** Filters travel as JSON and are checked by the server (see the file comment). */
const filterInput = z.custom<DocumentFilter>().meta({ description: 'A clause { field, operator, value } or a group { type: AND|OR, filters }' });
const identityInput = z.custom<Partial<DocumentIdentity>>().meta({ description: '{ _appId, _dataType, _id }' });
const proxyIdInput = z.string().max(128).optional();

export const sortingSchema = z
  .array(
    z.object({
      field: z.string().regex(DOCUMENT_FIELD_PATTERN, { message: 'sorting field must be a field name' }),
      direction: z.enum(['asc', 'desc']).default('asc'),
    }),
  )
  .max(5);

function documentAction<I extends z.ZodType, O extends z.ZodType>(
  endpoint: string,
  spec: Omit<RouteSpec<I, O>, 'path'> & { withId?: false },
): ApiDescriptor<I, O> {
  return Object.freeze({
    ...defineRoute({ ...spec, method: spec.method ?? 'POST', path: `/actions/:appId/:dataType/action/${endpoint}` }),
    endpoint,
  });
}

/** The URL path (under `/api/v1`) of a documents call for one app and data type. */
export function documentPath(descriptor: ApiDescriptor, appId: AppId, dataType: string): string {
  return descriptor.path.replace(':appId', encodeURIComponent(appId)).replace(':dataType', encodeURIComponent(dataType));
}

/** LIST_DOCUMENTS: a page of the documents the caller may read, with the total count. With `proxyId`, only the proxied document. */
export const list = documentAction('list', {
  name: 'LIST_DOCUMENTS',
  summary: 'List documents of a data type matching a filter (visible ones only), sorted and paged.',
  input: z.object({
    filter: filterInput.optional(),
    offset: z.number().int().min(0).max(1_000_000).optional().default(0),
    limit: z.number().int().min(1).max(MAX_LIST_LIMIT).optional().default(DEFAULT_LIST_LIMIT),
    sorting: sortingSchema.optional().default([]),
    proxyId: proxyIdInput,
  }),
  output: z.object({ documents: z.array(documentSchema), total: z.number().int() }),
  access: 'public',
});

/** CREATE_DOCUMENT: stores the document itself `{ _appId, _dataType, _id, ...fields }`; the caller owns it. */
export const create = documentAction('create', {
  name: 'CREATE_DOCUMENT',
  summary: 'Create a document; _appId and _dataType must match the path, _id is required (identifier pattern).',
  input: z.record(z.string(), z.unknown()),
  output: documentSchema,
  access: 'read',
});

/**
 * Apps whose logs anonymous visitors may append to (issue 15: the showcase's games are played
 * without an account). Their records have no owner, so only managers read them back.
 */
export const ANONYMOUS_LOG_APPS: readonly AppId[] = ['showcase'];

/**
 * LOG_DOCUMENT: appends a record to an immutable log data type (`_` prefix); `_id` optional, a
 * repeated `_id` is not stored twice. Logged-in callers everywhere; anonymous ones only in
 * `ANONYMOUS_LOG_APPS` (401 elsewhere, checked by the server).
 */
export const log = documentAction('log', {
  name: 'LOG_DOCUMENT',
  summary: 'Append a record to an immutable log data type (name starting with _).',
  input: z.record(z.string(), z.unknown()),
  output: z.object({ _id: z.string(), duplicate: z.boolean() }),
  access: 'public',
});

/** GET_DOCUMENT: one document by `{ filter: { _appId, _dataType, _id } }` (or through `proxyId`). */
export const get = documentAction('get', {
  name: 'GET_DOCUMENT',
  summary: 'Get one visible document by its identity.',
  input: z.object({ filter: identityInput.optional(), proxyId: proxyIdInput }),
  output: documentSchema,
  access: 'public',
});

/** PATCH_DOCUMENT: sets the top-level fields of `update` on one document (owner, manageApp, devOp). */
export const patch = documentAction('patch', {
  name: 'PATCH_DOCUMENT',
  summary: 'Update fields of a mutable document.',
  method: 'PATCH',
  input: z.object({ filter: identityInput.optional(), update: z.record(z.string(), z.unknown()).default({}) }),
  output: documentSchema,
  access: 'read',
});

/** PUBLISH_DOCUMENT: makes a document readable by everyone. */
export const publish = documentAction('publish', {
  name: 'PUBLISH_DOCUMENT',
  summary: 'Publish a mutable document.',
  method: 'PUT',
  input: z.object({ filter: identityInput.optional() }),
  output: documentSchema,
  access: 'read',
});

/** RETRACT_DOCUMENT: makes a document private to its owner (and managers) again; its proxies are revoked. */
export const retract = documentAction('retract', {
  name: 'RETRACT_DOCUMENT',
  summary: 'Retract a published mutable document.',
  method: 'PUT',
  input: z.object({ filter: identityInput.optional() }),
  output: documentSchema,
  access: 'read',
});

/** DELETE_DOCUMENT: deletes a mutable document. */
export const remove = documentAction('delete', {
  name: 'DELETE_DOCUMENT',
  summary: 'Delete a mutable document.',
  input: z.object({ filter: identityInput.optional() }),
  output: z.object({ _id: z.string(), deleted: z.literal(true) }),
  access: 'read',
});

/**
 * CREATE_DOCUMENT_PROXY: answers a proxy id that lets whoever holds it read exactly this one
 * document through `list`/`get` with `proxyId` (chunk references, SPEC §7), and nothing more.
 * - Who: only someone who may change the document (owner, manageApp, devOp); anonymous 401,
 *   a document the caller can see but not change 403, one they cannot see 404.
 * - Idempotent: asking again answers the proxy the document already has, so references made
 *   earlier keep working and the proxies table does not grow per call (two calls racing may
 *   each make one; both are read-only grants of the same document and are revoked together).
 * - Revoked when the document is deleted (the proxy rows cascade) and when it is retracted:
 *   retract means "private to its owner again", so every proxy of the document stops working;
 *   asking again afterwards answers a new id, and old references stay dead.
 * - Immutable data types (`_` prefix) are refused with `Cannot update immutable document`: they
 *   can be neither retracted nor deleted, so a proxy of one could never be revoked (and `_Person`
 *   cards carry e-mail addresses that are not for the public).
 */
export const proxy = documentAction('proxy', {
  name: 'CREATE_DOCUMENT_PROXY',
  summary: 'Get the read-only proxy id of one document the caller may manage (revoked by retract and delete).',
  input: z.object({ filter: identityInput.optional() }),
  output: z.object({ proxyId: z.string() }),
  access: 'read',
});

/** `_Person` (app `app`): the person card; one per account, `_id` is the account id. */
export const personFieldsSchema = z.object({
  name: z.string().max(300).optional(),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  title: z.string().max(100).optional(),
  email: z.string().max(500).optional(),
  programme: z.string().max(500).optional(),
  university: z.string().max(500).optional(),
  awards: z.array(z.string().max(500)).max(100).optional(),
});
export const PERSON_DATA_TYPE = '_Person';

export const DOCUMENT_DESCRIPTORS: readonly ApiDescriptor[] = [list, create, log, get, patch, publish, retract, remove, proxy];

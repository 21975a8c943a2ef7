/**
 * Who may see and change which documents (SPEC §6), and the identity checks whose messages
 * SPEC §8 fixes. Kept apart from the queries so the rules read in one place.
 */
import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import { ALL_DESCRIPTORS, APP_IDS, ERRORS, IDENTIFIER_PATTERN, PERMISSION_LEVELS, derivePermissionLevel, documents, isAppId, strategies } from '@chi/contract';
import type { ApiDescriptor, AppId } from '@chi/contract';
import type { DocumentsTable } from './documents-tables';
import { AppError, validationError } from '../../http/app-error';
import type { RequestUser } from '../../http/request-user';

const { DATA_TYPE_PATTERN, IDENTITY_FIELDS, PERSON_DATA_TYPE } = documents;
type StoredDocument = documents.StoredDocument;

export interface DocumentScope {
  readonly appId: AppId;
  readonly dataType: string;
}

export interface Caller {
  readonly user: RequestUser | null;
  /** manageApp or devOp: manages every document of every app. */
  readonly manager: boolean;
}

export function callerOf(user: RequestUser | null): Caller {
  return { user, manager: derivePermissionLevel(user) >= PERMISSION_LEVELS.manageApp };
}

/** The `app/DataType` pairs that dedicated descriptors own (e.g. `app/Account`, `delphi/Game`). */
export function dedicatedScopes(descriptors: readonly ApiDescriptor[]): ReadonlySet<string> {
  return new Set(descriptors.flatMap((d) => (d.app !== undefined && d.dataType !== undefined ? [`${d.app}/${d.dataType}`] : [])));
}

// Derived from the contract, never listed by hand, so a new dedicated call is covered at once.
const DEDICATED_SCOPES = dedicatedScopes(ALL_DESCRIPTORS);

/**
 * Whether the generic routes must leave this pair alone: a path like `app/Account/action/create`
 * reaches them only because no dedicated route of that name exists, and storing a generic
 * "Account" or "Game" next to the real ones would be a second, unchecked copy of that data.
 */
export function isDedicatedScope(params: unknown): boolean {
  const { appId, dataType } = (params ?? {}) as { appId?: unknown; dataType?: unknown };
  return DEDICATED_SCOPES.has(`${String(appId)}/${String(dataType)}`);
}

/** The `:appId` and `:dataType` path segments, checked (the router accepts any text there). */
export function scopeFromParams(params: unknown): DocumentScope {
  const { appId, dataType } = (params ?? {}) as { appId?: string; dataType?: string };
  if (appId === undefined || !isAppId(appId)) throw validationError(`appId: must be one of ${APP_IDS.join(', ')}`);
  if (dataType === undefined || !DATA_TYPE_PATTERN.test(dataType)) {
    throw validationError('dataType: must be a capitalised name of letters and digits, optionally starting with _');
  }
  // The routes' hook answers this before any permission check; kept here so no handler can miss it.
  if (isDedicatedScope(params)) throw new AppError(ERRORS.notFound);
  return { appId, dataType };
}

/** `_Person` of app `app`: one per account, its `_id` the account id (the person card). */
export function isPersonScope(scope: DocumentScope): boolean {
  return scope.appId === 'app' && scope.dataType === PERSON_DATA_TYPE;
}

/**
 * Immutable data types refuse every change after creation (SPEC §4), `_Person` included: the
 * person card's fields live on the account and change through UPDATE_PROFILE (ADR 056).
 * A proxy changes nothing, but is refused too: it could never be revoked (see documents.proxy).
 */
export function assertMutable(scope: DocumentScope, _change: 'patch' | 'publish' | 'retract' | 'delete' | 'proxy'): void {
  if (scope.dataType.startsWith('_')) throw new AppError(ERRORS.immutableDocument);
}

export function checkId(id: unknown, field: string): string {
  if (typeof id !== 'string' || !IDENTIFIER_PATTERN.test(id)) {
    throw validationError(`${field}: must be 1–128 letters, digits, _ or -, starting with a letter or digit`);
  }
  return id;
}

/**
 * The identity a call names, with the SPEC §8 loader messages, checked against the path:
 * a body naming another app or data type than its URL is refused rather than obeyed.
 */
export function identityFrom(source: unknown, scope: DocumentScope, label: 'filter' | 'body'): string {
  if (source === undefined || source === null) throw new AppError(ERRORS.filterRequired);
  if (typeof source !== 'object' || Array.isArray(source)) throw new AppError(ERRORS.malformedFilter);
  const identity = source as Record<string, unknown>;
  if (identity._dataType === undefined || identity._dataType === '') throw new AppError(ERRORS.dataTypeRequired);
  if (identity._id === undefined || identity._id === '') throw new AppError(ERRORS.idRequired);
  if (identity._dataType !== scope.dataType) throw validationError(`${label}._dataType: does not match the data type of the path`);
  if (identity._appId !== undefined && identity._appId !== scope.appId) throw validationError(`${label}._appId: does not match the app of the path`);
  return checkId(identity._id, `${label}._id`);
}

/** The rows a caller may read: managers all; others published ones and their own. */
export function visibility(scope: DocumentScope, caller: Caller, proxiedId?: string): RawBuilder<SqlBool> {
  // A proxy grants exactly one document, whatever else the holder could see.
  if (proxiedId !== undefined) return sql<SqlBool>`${sql.ref('id')} = ${proxiedId}`;
  if (caller.manager) return sql<SqlBool>`1 = 1`;
  const { user } = caller;
  // Person cards are shown to signed-in users; their e-mail addresses are not for the public.
  if (isPersonScope(scope)) return user === null || user.isGuest === true ? sql<SqlBool>`1 = 0` : sql<SqlBool>`1 = 1`;
  if (user === null) return sql<SqlBool>`${sql.ref('published')} = 1`;
  return sql<SqlBool>`(${sql.ref('published')} = 1 or ${sql.ref('owner_id')} = ${user.id})`;
}

export function mayChange(row: Pick<DocumentsTable, 'owner_id'>, caller: Caller): boolean {
  return caller.manager || (caller.user !== null && row.owner_id !== null && row.owner_id === caller.user.id);
}

/** Creating needs an account: a session-key guest is a participant, not an author. */
export function assertAuthor(caller: Caller): RequestUser {
  const { user } = caller;
  if (user === null) throw new AppError(ERRORS.unauthorized);
  if (user.isGuest === true) throw new AppError(ERRORS.forbidden);
  return user;
}

/**
 * Curated collections (issue 24 item 8): lists the public reads as the centre's own, such as
 * the quantum strategies. Only their role writes them (create, patch, publish, retract,
 * delete); any other caller gets 403, so a user's document can never pass for a curated one.
 */
const CURATED_SCOPES: ReadonlyMap<string, number> = new Map([[`${strategies.STRATEGY_APP}/${strategies.STRATEGY_DATA_TYPE}`, PERMISSION_LEVELS.manageApp]]);

export function assertCurator(scope: DocumentScope, caller: Caller): void {
  const needed = CURATED_SCOPES.get(`${scope.appId}/${scope.dataType}`);
  if (needed === undefined || derivePermissionLevel(caller.user) >= needed) return;
  throw new AppError(caller.user === null ? ERRORS.unauthorized : ERRORS.forbidden);
}

const RESERVED = new Set<string>(IDENTITY_FIELDS);

/** A document's own fields: everything but the identity and bookkeeping fields. */
export function ownFields(body: Record<string, unknown>, label: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (RESERVED.has(key)) continue;
    if (key.length > 64) throw validationError(`${label}: field names are at most 64 characters`);
    fields[key] = value;
  }
  return fields;
}

export function assertNoReservedFields(update: Record<string, unknown>): void {
  const reserved = Object.keys(update).find((key) => RESERVED.has(key));
  if (reserved !== undefined) throw validationError(`update.${reserved}: cannot be changed`);
}

export function toDocument(row: DocumentsTable): StoredDocument {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return {
    ...data,
    _appId: row.app_id,
    _dataType: row.data_type,
    _id: row.id,
    _ownerId: row.owner_id,
    _published: Number(row.published) === 1,
    _createdAt: row.created_at,
    _updatedAt: row.updated_at,
  };
}

/** Reading accounts (administrators, owners, the share picker) and granting ©isAppAdmin. */
import type { FastifyRequest } from 'fastify';
import { ERRORS, PERMISSION_LEVELS, derivePermissionLevel } from '@chi/contract';
import type { OutputOf, account } from '@chi/contract';
import { AppError, validationError } from '../../http/app-error';
import { displayName, findAccountById, listAccounts, toAccountRecord, updateAccount } from './account.repo';
import type { AccountQuery } from './account.repo';
import { USER_NOT_FOUND } from './account-errors';
import type { AccountDeps } from './account-deps';
import type { SharedAssetType } from './asset-users-registry';

export async function listUsers(deps: AccountDeps, query: AccountQuery): Promise<OutputOf<typeof account.list>> {
  const { rows, total } = await listAccounts(deps.database.db, query);
  return { users: rows.map(toAccountRecord), total };
}

/** The shortest name search a non-administrator may run in the share picker. */
export const MIN_ASSET_USER_SEARCH = 3;

/**
 * Active accounts' ids and names only: enough to share with someone, nothing more. A
 * non-administrator searches names only, with at least MIN_ASSET_USER_SEARCH characters: a
 * search on e-mail would tell anyone whether an address has an account (issue 24 item 4).
 */
export async function listAssetUsers(
  deps: AccountDeps,
  query: AccountQuery & { readonly asset?: { readonly type: SharedAssetType; readonly id: string } | undefined },
  request: FastifyRequest,
): Promise<OutputOf<typeof account.listAssetUsers>> {
  if (request.user?.isGuest === true) throw new AppError(ERRORS.forbidden);
  if (query.asset) return sharedWith(deps, query.asset.type, query.asset.id, request);
  const isAdmin = derivePermissionLevel(request.user) >= PERMISSION_LEVELS.manageApp;
  if (!isAdmin && [...query.filter].length < MIN_ASSET_USER_SEARCH) {
    throw validationError(`filter: type at least ${MIN_ASSET_USER_SEARCH} characters of a name`);
  }
  const { rows, total } = await listAccounts(deps.database.db, { ...query, activeOnly: true, nameOnly: !isAdmin });
  return { users: rows.map((row) => ({ _id: row.id, name: displayName(row) })), total };
}

/** Whom an asset is shared with (ADR 059): the asset's module checks the caller may read it; names in name order. */
async function sharedWith(deps: AccountDeps, type: SharedAssetType, id: string, request: FastifyRequest): Promise<OutputOf<typeof account.listAssetUsers>> {
  const lookup = deps.assetUsers.lookup(type);
  if (!lookup) throw validationError(`asset.type: ${type} is not shared here`);
  const ids = await lookup(id, request.user);
  const rows = ids.length === 0 ? [] : await deps.database.db.selectFrom('accounts').select(['id', 'first_name', 'last_name']).where('id', 'in', [...ids]).execute();
  const users = rows.map((row) => ({ _id: row.id, name: displayName(row) })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : 1));
  return { users, total: users.length };
}

export async function getUser(deps: AccountDeps, request: FastifyRequest, id: string | undefined): Promise<OutputOf<typeof account.get>> {
  const user = request.user;
  const isAdmin = derivePermissionLevel(user) >= PERMISSION_LEVELS.manageApp;
  const isSelf = user !== null && user.isGuest !== true && user.id === id;
  if (!isAdmin && !isSelf) throw new AppError(ERRORS.forbidden);
  const row = id === undefined ? undefined : await findAccountById(deps.database.db, id);
  if (!row) throw new AppError(USER_NOT_FOUND);
  return toAccountRecord(row);
}

export async function setAppAdmin(deps: AccountDeps, isAppAdmin: boolean, id: string | undefined): Promise<OutputOf<typeof account.setAppAdmin>> {
  const db = deps.database.db;
  const row = id === undefined ? undefined : await findAccountById(db, id);
  if (!row) throw new AppError(USER_NOT_FOUND);
  // Sessions read the flag on every request, so the change applies at once, logged in or not.
  await updateAccount(db, row.id, { is_app_admin: isAppAdmin ? 1 : 0 }, deps.now());
  return toAccountRecord({ ...row, is_app_admin: isAppAdmin ? 1 : 0 });
}

/**
 * The caller's vector stores and sharing them (issue 25 item 22, ADR 059): list, share, unshare,
 * and LIST_ASSET_USERS' answer for a store (whom it is shared with).
 */
import type { FastifyInstance } from 'fastify';
import { assistants, ERRORS } from '@chi/contract';
import { AppError, validationError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import type { AssetUsersRegistry } from '../account/asset-users-registry';
import { requireUser, storeFor } from './assistants-access';
import { canCreate } from './assistants.policy';
import type { AssistantsDeps } from './assistants-deps';
import { addShare, isActiveAccount, removeShare, sharedAccountIds, sharesOf, storesFor } from './store-sharing.service';

export function registerStoreRoutes(app: FastifyInstance, deps: AssistantsDeps): void {
  const { db } = deps.database;

  registerHandler(app, assistants.listVectorStores, async (_input, { request }) => {
    const user = requireUser(request.user);
    if (!canCreate(user)) throw new AppError(ERRORS.forbidden);
    return { vectorStores: await storesFor(db, user) };
  });

  registerHandler(app, assistants.shareVectorStore, async (input, { request, id = '' }) => {
    const store = await storeFor(db, id, request.user, 'manage');
    if (input.accountId === store.owner_id) throw validationError('accountId: the store is already its owner’s; choose someone else');
    if (!(await isActiveAccount(db, input.accountId))) throw validationError('accountId: no active account has this id');
    await addShare(db, store.id, input.accountId, deps.now());
    return sharesOf(db, store.id);
  });

  registerHandler(app, assistants.unshareVectorStore, async (input, { request, id = '' }) => {
    const store = await storeFor(db, id, request.user, 'manage');
    await removeShare(db, store.id, input.accountId);
    return sharesOf(db, store.id);
  });
}

/** LIST_ASSET_USERS with asset {type: 'VectorStore', id}: whoever may read the store sees whom it is shared with. */
export function registerStoreAssetUsers(assetUsers: AssetUsersRegistry, deps: Pick<AssistantsDeps, 'database'>): void {
  const { db } = deps.database;
  assetUsers.register('VectorStore', async (id, user) => sharedAccountIds(db, (await storeFor(db, id, user, 'read')).id));
}

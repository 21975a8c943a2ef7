/**
 * Whom a shared thing is shared with (ADR 059). LIST_ASSET_USERS lives in the account module,
 * but what is shared (a vector store, …) belongs to other modules: each registers, per asset
 * type, a lookup that checks the caller may read the asset (throwing the module's own 404/403)
 * and answers the account ids it is shared with. The account module turns the ids into names.
 */
import type { account } from '@chi/contract';
import type { RequestUser } from '../../http/request-user';

export type SharedAssetType = (typeof account.SHARED_ASSET_TYPES)[number];

/** Throws when the caller may not read the asset; else the ids of the accounts it is shared with. */
export type AssetUsersLookup = (assetId: string, user: RequestUser | null) => Promise<readonly string[]>;

export class AssetUsersRegistry {
  private readonly lookups = new Map<SharedAssetType, AssetUsersLookup>();

  register(type: SharedAssetType, lookup: AssetUsersLookup): void {
    if (this.lookups.has(type)) throw new Error(`asset users of ${type} are already registered`);
    this.lookups.set(type, lookup);
  }

  lookup(type: SharedAssetType): AssetUsersLookup | undefined {
    return this.lookups.get(type);
  }
}

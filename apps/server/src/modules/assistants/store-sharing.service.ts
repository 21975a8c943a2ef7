/**
 * The caller's vector stores and whom a store is shared with (issue 25 item 22, ADR 059). A share
 * is one row (store, account); only who manages the store writes rows (stores.routes.ts checks).
 */
import type { Kysely } from 'kysely';
import type { assistants } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import type { RequestUser } from '../../http/request-user';
import { ownerNames } from './assistants-access';
import { canManageStore } from './assistants.policy';
import './assistants-tables';

type Db = Kysely<DatabaseSchema>;

/** The ids of the accounts a store is shared with. */
export async function sharedAccountIds(db: Db, storeId: string): Promise<string[]> {
  const rows = await db.selectFrom('assistant_vector_store_shares').select('account_id').where('vector_store_id', '=', storeId).orderBy('created_at').orderBy('account_id').execute();
  return rows.map((row) => row.account_id);
}

/** The accounts a store is shared with, by name. */
export async function sharesOf(db: Db, storeId: string): Promise<{ _id: string; sharedWith: assistants.StoreShare[] }> {
  const ids = await sharedAccountIds(db, storeId);
  const names = await ownerNames(db, ids);
  // An id without an account (forgotten meanwhile) is no one to show.
  const sharedWith = ids.filter((id) => names.has(id)).map((id) => ({ _id: id, name: names.get(id) ?? '' }));
  return { _id: storeId, sharedWith };
}

export async function addShare(db: Db, storeId: string, accountId: string, at: Date): Promise<void> {
  await db
    .insertInto('assistant_vector_store_shares')
    .values({ vector_store_id: storeId, account_id: accountId, created_at: at.toISOString() })
    .onConflict((oc) => oc.columns(['vector_store_id', 'account_id']).doNothing())
    .execute();
}

export async function removeShare(db: Db, storeId: string, accountId: string): Promise<void> {
  await db.deleteFrom('assistant_vector_store_shares').where('vector_store_id', '=', storeId).where('account_id', '=', accountId).execute();
}

/** Whether an id names an active account (one a store may be shared with). */
export async function isActiveAccount(db: Db, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', accountId).where('status', '=', 'active').executeTakeFirst();
  return row !== undefined;
}

/** The stores the user owns or that are shared with them, most recently changed first, with their live file counts. */
export async function storesFor(db: Db, user: RequestUser): Promise<assistants.VectorStoreSummary[]> {
  const shared = db.selectFrom('assistant_vector_store_shares').select('vector_store_id').where('account_id', '=', user.id);
  const rows = await db
    .selectFrom('assistant_vector_stores')
    .select(['id', 'name', 'assistant_id', 'owner_id', 'modified_at'])
    .where((eb) => eb.or([eb('owner_id', '=', user.id), eb('id', 'in', shared)]))
    .orderBy('modified_at', 'desc')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('assistant_files')
    .select((eb) => ['vector_store_id', eb.fn.countAll<number | string>().as('n')])
    .where('vector_store_id', 'in', rows.map((row) => row.id))
    .where('deleted_at', 'is', null)
    .groupBy('vector_store_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.vector_store_id, Number(c.n)]));
  const names = await ownerNames(db, rows.map((row) => row.owner_id));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    assistantId: row.assistant_id,
    fileCount: countOf.get(row.id) ?? 0,
    _ownerId: row.owner_id,
    _ownerName: names.get(row.owner_id) ?? null,
    modifiedAt: row.modified_at,
    abilities: { manage: canManageStore(user, row) },
  }));
}

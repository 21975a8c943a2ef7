/**
 * Sharing a vector store with other accounts (issue 25 item 22, ADR 059): one row per store and
 * account it is shared with. Only the store's owner (or a manager of the app) adds and removes
 * rows; a shared account may read the store and copy its files, never change or delete it.
 * Rows go with their store; the account index serves "the stores shared with me".
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assistant_vector_store_shares')
    .addColumn('vector_store_id', 'text', (c) => c.notNull().references('assistant_vector_stores.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('assistant_vector_store_shares_pk', ['vector_store_id', 'account_id'])
    .execute();
  await db.schema.createIndex('assistant_vector_store_shares_account').on('assistant_vector_store_shares').columns(['account_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_vector_store_shares').execute();
}

/**
 * Issue 24 (ADR 043): a suite is bound to the browser that started it. `key_hash` is the
 * sha256 of the suite key that browser holds in a cookie (never the key itself); NULL means
 * unbound (a suite from before this migration, or released by a researcher): the next browser
 * that opens the participant's link binds it. Every release is a row of the release log.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_suites').addColumn('key_hash', 'text').execute();
  await db.schema
    .createTable('delphi_suite_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('suite_id', 'text', (c) => c.notNull().references('delphi_suites.id').onDelete('cascade'))
    .addColumn('by_account_id', 'text')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delphi_suite_releases_suite').on('delphi_suite_releases').columns(['suite_id', 'at']).execute();
  // The clean-up looks for unfinished recordings by age.
  await db.schema.createIndex('delphi_recordings_receiving').on('delphi_recordings').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('delphi_recordings_receiving').execute();
  await db.schema.dropTable('delphi_suite_releases').execute();
  await db.schema.alterTable('delphi_suites').dropColumn('key_hash').execute();
}

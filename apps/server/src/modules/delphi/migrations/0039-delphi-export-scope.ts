/**
 * Issue 26 (ADR 074): an export belongs to one study and says which runs it holds (`live`,
 * `test` or `all`). Exports made before this were of the one study there was, live runs only.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_exports').addColumn('study_id', 'text', (c) => c.notNull().defaultTo('default')).execute();
  await db.schema.alterTable('delphi_exports').addColumn('runs', 'text', (c) => c.notNull().defaultTo('live')).execute();
  // LIST_FILES reads one study's exports, newest first.
  await db.schema.createIndex('delphi_exports_study_created').on('delphi_exports').columns(['study_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('delphi_exports_study_created').execute();
  await db.schema.alterTable('delphi_exports').dropColumn('runs').execute();
  await db.schema.alterTable('delphi_exports').dropColumn('study_id').execute();
}

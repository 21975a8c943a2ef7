/**
 * Batch import into a generic document collection (issue 16 part 1, ADR 029 amendment): an
 * import now goes either to a vector store or to one app's data type of the generic documents.
 * `batch_imports.vector_store_id` becomes nullable and the collection's app and data type are
 * new columns; exactly one of the two targets is set (checked).
 * - PostgreSQL: altered in place.
 * - SQLite cannot drop a NOT NULL, so both tables are rebuilt: the items are copied before the
 *   imports' old table is dropped (dropping it first would cascade-delete them), and renaming
 *   the new imports table rewrites the items' foreign key to follow it.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const ONE_TARGET = sql`(vector_store_id is null) <> (target_app_id is null) and (target_app_id is null) = (target_data_type is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table batch_imports alter column vector_store_id drop not null`.execute(db);
    await db.schema.alterTable('batch_imports').addColumn('target_app_id', 'text').execute();
    await db.schema.alterTable('batch_imports').addColumn('target_data_type', 'text').execute();
    await db.schema.alterTable('batch_imports').addCheckConstraint('batch_imports_one_target', ONE_TARGET).execute();
    return;
  }
  await db.schema
    .createTable('batch_imports_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('vector_store_id', 'text', (c) => c.references('assistant_vector_stores.id').onDelete('cascade'))
    .addColumn('target_app_id', 'text')
    .addColumn('target_data_type', 'text')
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pipe_name', 'text')
    .addColumn('listener_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addCheckConstraint('batch_imports_one_target', ONE_TARGET)
    .execute();
  await sql`insert into batch_imports_next (id, owner_id, vector_store_id, prefix, status, pipe_name, listener_name, created_at, finished_at)
    select id, owner_id, vector_store_id, prefix, status, pipe_name, listener_name, created_at, finished_at from batch_imports`.execute(db);
  await db.schema
    .createTable('batch_import_items_next')
    .addColumn('import_id', 'text', (c) => c.notNull().references('batch_imports_next.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('staged_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('file_id', 'text')
    .addPrimaryKeyConstraint('batch_import_items_next_pk', ['import_id', 'seq'])
    .execute();
  await sql`insert into batch_import_items_next select import_id, seq, name, size, staged_key, state, error, file_id from batch_import_items`.execute(db);
  await db.schema.dropTable('batch_import_items').execute();
  await db.schema.dropTable('batch_imports').execute();
  await sql`alter table batch_imports_next rename to batch_imports`.execute(db);
  await sql`alter table batch_import_items_next rename to batch_import_items`.execute(db);
}

export async function down(): Promise<void> {
  // Imports into collections cannot go back into a table that demands a vector store.
  throw new Error('0022-batch-import-collections cannot be undone');
}

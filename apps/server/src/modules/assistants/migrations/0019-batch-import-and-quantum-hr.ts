/**
 * Issue 16 parts 1-2 (ADR 029): batch imports and their files (each file's state is a row, so a
 * restarted server continues where the last one stopped), and the one Quantum HR record naming
 * the HR assistant and its two vector stores (postings, CVs).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('batch_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('vector_store_id', 'text', (c) => c.notNull().references('assistant_vector_stores.id').onDelete('cascade'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pipe_name', 'text')
    .addColumn('listener_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createTable('batch_import_items')
    .addColumn('import_id', 'text', (c) => c.notNull().references('batch_imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('staged_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('file_id', 'text')
    .addPrimaryKeyConstraint('batch_import_items_pk', ['import_id', 'seq'])
    .execute();
  await db.schema
    .createTable('quantum_hr')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assistant_id', 'text', (c) => c.notNull())
    .addColumn('postings_store_id', 'text', (c) => c.notNull())
    .addColumn('cvs_store_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quantum_hr').execute();
  await db.schema.dropTable('batch_import_items').execute();
  await db.schema.dropTable('batch_imports').execute();
}

/**
 * Generic documents, their read proxies, uploads and short links (issue 5).
 * A document's own fields are one JSON text column: data types are open-ended, and filters
 * reach into it with json_extract (SQLite) or jsonb operators (PostgreSQL). Booleans are 0/1
 * and times ISO-8601 strings, like the rest of the schema.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('data_type', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('documents_pk', ['app_id', 'data_type', 'id'])
    .execute();
  await db.schema.createIndex('documents_owner').on('documents').columns(['owner_id']).execute();
  await db.schema.createIndex('documents_listing').on('documents').columns(['app_id', 'data_type', 'published', 'created_at']).execute();

  await db.schema
    .createTable('document_proxies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('data_type', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('document_proxies_document', ['app_id', 'data_type', 'document_id'], 'documents', ['app_id', 'data_type', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('document_proxies_document').on('document_proxies').columns(['app_id', 'data_type', 'document_id']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner').on('uploads').columns(['owner_id', 'app_id', 'created_at']).execute();

  await db.schema
    .createTable('short_links')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('short_links_owner_url').on('short_links').columns(['owner_id', 'url']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('short_links').execute();
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('document_proxies').execute();
  await db.schema.dropTable('documents').execute();
}

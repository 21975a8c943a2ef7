/**
 * The per-person storage quota (issue 24, ADR 042) sums a person's stored files on every
 * upload: images by `uploads.owner_id` (indexed since 0004), assistant files by
 * `assistant_files.owner_id`, indexed here.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('assistant_files_owner').on('assistant_files').columns(['owner_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assistant_files_owner').execute();
}

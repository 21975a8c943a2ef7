/**
 * A study's consent and end page in other languages (ADR 079): JSON objects from a language to
 * its Markdown ('{}': none, every participant reads the study's own text), and on the suite the
 * language of the consent text its participant accepted (null: accepted before this migration, or
 * by a page that did not say).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_studies').addColumn('consent_translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('delphi_studies').addColumn('end_page_translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('delphi_suites').addColumn('consent_language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_suites').dropColumn('consent_language').execute();
  await db.schema.alterTable('delphi_studies').dropColumn('end_page_translations').execute();
  await db.schema.alterTable('delphi_studies').dropColumn('consent_translations').execute();
}

/**
 * A study's consent and end page in other languages (ADR 079): JSON objects from a language to
 * its Markdown ('{}': none, every participant reads the study's own text); on the suite, the
 * language of the consent text its participant accepted (null: accepted before this migration, or
 * by a page that did not say); and every version of the consent texts, so the text a participant
 * agreed to can still be read after it changed (the data bundle's documentation/consent/).
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_studies').addColumn('consent_translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('delphi_studies').addColumn('end_page_translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('delphi_suites').addColumn('consent_language', 'text').execute();
  await db.schema
    .createTable('delphi_study_consents')
    .addColumn('study_id', 'text', (c) => c.notNull().references('delphi_studies.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('delphi_study_consents_pk', ['study_id', 'version'])
    .execute();
  // The text each study has now is its current version's; the earlier versions' texts were not kept.
  await sql`insert into delphi_study_consents (study_id, version, markdown, translations, created_at)
    select id, consent_version, consent_markdown, '{}', updated_at from delphi_studies where consent_version > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('delphi_study_consents').execute();
  await db.schema.alterTable('delphi_suites').dropColumn('consent_language').execute();
  await db.schema.alterTable('delphi_studies').dropColumn('end_page_translations').execute();
  await db.schema.alterTable('delphi_studies').dropColumn('consent_translations').execute();
}

/**
 * A study's link for a participant who does not agree to its consent (ADR 073, amended
 * 2026-11-28): e.g. Prolific's completion URL with the study's "no consent" code. Null: none, the
 * participant is told to return the study on the panel.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_studies').addColumn('decline_redirect', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_studies').dropColumn('decline_redirect').execute();
}

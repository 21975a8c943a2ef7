/**
 * Issue 18: a game that ends has a status, and a response keeps how it was given.
 * - delphi_games.status: 'in progress' until endGame, then 'completed' or 'interrupted' (the
 *   participant left mid-game; the answers so far stay). Games already ended are 'completed':
 *   before this migration only a finished game was ended.
 * - delphi_responses.modality: 'key', 'touch', 'mouse' or 'pen'; NULL for older responses.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('delphi_games')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('in progress'))
    .execute();
  await sql`update delphi_games set status = 'completed' where ended_at is not null`.execute(db);
  await db.schema.alterTable('delphi_responses').addColumn('modality', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_responses').dropColumn('modality').execute();
  await db.schema.alterTable('delphi_games').dropColumn('status').execute();
}

/**
 * Issue 11 (ADR 013): one RT definition for every game.
 * - delphi_responses.anticipation: 1 for an input before the stimulus's onset frame (its
 *   signed, negative time is in rt_ms; never scored), 0 for a response; NULL before this.
 * - delphi_responses.frame_interval_ms: the round's median requestAnimationFrame delta when
 *   the response was given (a 30, 60 or 144 Hz screen); NULL when not measured.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_responses').addColumn('anticipation', 'integer').execute();
  await db.schema.alterTable('delphi_responses').addColumn('frame_interval_ms', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_responses').dropColumn('frame_interval_ms').execute();
  await db.schema.alterTable('delphi_responses').dropColumn('anticipation').execute();
}

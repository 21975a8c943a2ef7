/**
 * Issue 24 item 3 (ADR 045): a CCF participant is held by the browser that began it. Each
 * participant row keeps the sha256 of a random secret that only that browser has (an HttpOnly
 * cookie); participants from before this migration have none and are claimed by the next
 * browser that comes back with their key and user id.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ccf_participants').addColumn('secret_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ccf_participants').dropColumn('secret_hash').execute();
}

/**
 * The profile image (issue 18: the /cloud image picker's choice had no visible effect). The
 * picker's choice is kept on the account, so it survives a reload and shows on every host.
 * NULL means the default: the avatar derived from the e-mail (SPEC §2 person card).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('profile_image_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('profile_image_url').execute();
}

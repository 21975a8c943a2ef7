/** Server facts that outlive a process, starting with when the server first started. */
import type { Kysely } from 'kysely';

/** The table as this migration knows it: frozen, so later schema changes cannot alter it. */
type Tables = {
  server_meta: { key: string; value: string };
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_meta')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();
  await db
    .withTables<Tables>()
    .insertInto('server_meta')
    .values({ key: 'first_started_at', value: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_meta').execute();
}

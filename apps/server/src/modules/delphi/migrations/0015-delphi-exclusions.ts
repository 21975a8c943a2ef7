/**
 * Issue 17: a researcher excludes a participant (or one game of theirs) with a reason, and may
 * undo it. Nothing is overwritten: every exclusion and every undo is a row of this log, with
 * who and when; the current state of a (suite, game) is its latest row. `game_name` NULL means
 * the whole participant. `seq` orders the log (two actions in one millisecond stay ordered).
 */
import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('delphi_exclusion_log')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('suite_id', 'text', (c) => c.notNull().references('delphi_suites.id').onDelete('cascade'))
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('game_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_account_id', 'text')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delphi_exclusion_log_suite').on('delphi_exclusion_log').columns(['suite_id', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('delphi_exclusion_log').execute();
}

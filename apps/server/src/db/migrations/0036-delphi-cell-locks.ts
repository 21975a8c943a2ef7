/**
 * Issue 27 (ADR 067): migration 0024's triggers took a game's plot-cell rows in statement order
 * (an INSERT: RT cell, then accuracy; a late prompt's UPDATE: accuracy out, then RT in), and two
 * writers of one game could deadlock on PostgreSQL. The trigger functions are replaced by ones
 * that first take one transaction-scoped advisory lock per game name and shard
 * (plots/plot-cells.ts, `cellTriggerFunctions`). The triggers themselves are unchanged.
 * SQLite has one writer at a time and no row locks: nothing to do.
 */
import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';
import { cellTriggerFunctions } from '../../modules/delphi/plots/plot-cells';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const statement of cellTriggerFunctions(true)) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const statement of cellTriggerFunctions(false)) await statement.execute(db);
}

/**
 * Issue 25 (ADR 047): research data that read wrong.
 * - delphi_games.status gains 'skipped': a game started with `attributes.skipped` (an optional
 *   game the participant chose not to play) and ended was stored 'completed'; such games
 *   already ended become 'skipped'. The column is text: no constraint changes.
 * - the quality figures leave practice rounds out (quality/figure-rows.ts): the triggers of
 *   migration 0024 are dropped and created again from today's code, and the games' figures
 *   rebuilt from the responses (the plot cells keep their expressions; they are rebuilt too,
 *   as the triggers that keep both are one set).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { cellTriggers, dropCellTriggers, rebuildPlotCells } from '../plots/plot-cells';
import { rebuildGameFigures } from '../quality/figure-rows';

/** The same reading of `attributes.skipped` as the server's (suite.service.ts), in JavaScript: one spelling for both dialects. */
function startedSkipped(attributes: string): boolean {
  try {
    return (JSON.parse(attributes) as { skipped?: unknown }).skipped === true;
  } catch {
    return false;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const games = await sql<{ id: string; attributes: string }>`
    select id, attributes from delphi_games where status = 'completed' and attributes like '%skipped%'`.execute(db);
  for (const game of games.rows) {
    if (startedSkipped(game.attributes)) await sql`update delphi_games set status = 'skipped' where id = ${game.id}`.execute(db);
  }
  await recreateTriggers(db);
}

/** The triggers from today's plot-cells.ts and figure-rows.ts, and the rows they keep rebuilt. */
async function recreateTriggers(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  for (const statement of dropCellTriggers(dialect)) await statement.execute(db);
  for (const statement of cellTriggers(dialect)) await statement.execute(db);
  await rebuildPlotCells(db, dialect);
  await rebuildGameFigures(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update delphi_games set status = 'completed' where status = 'skipped'`.execute(db);
  // The practice rule stays in the code the triggers are built from: a down leaves them as they are.
}

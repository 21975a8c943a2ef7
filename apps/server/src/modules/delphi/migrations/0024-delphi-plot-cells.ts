/**
 * Issue 17 part 7 (ADR 027, amended 2026-11-24): the /Data plots' group side kept current in
 * the database instead of rescanning a game's responses after every new one.
 * - delphi_plot_cells: per game, plot ('rt' | 'accuracy' | 'view'), shard (0–7, by suite) and
 *   cell keys k1–k3 (text), the number of responses `n` and their sum `s` (RT ms, correct
 *   answers). Primary key in that order: a plot reads one range of it.
 * - triggers on delphi_responses (plots/plot-cells.ts writes their SQL for both dialects):
 *   after insert add the row's contribution; before and after an update of a column a cell
 *   depends on (a late prompt fills in rt_ms) take it away and add it again; before delete
 *   (a suite deleted, cascading) take it away. Same transaction as the write, every process.
 * - delphi_game_figures: per game, the counts the quality flags read and its runs of one
 *   identical response (current and longest), kept by the same triggers (quality/figure-rows.ts;
 *   ADR 025 amended 2026-11-24); its suite's deletion cascades.
 * - backfill both from the responses already stored.
 * - delphi_events_step_names (kind, game_name, step, steps, step_name): the funnel's step names
 *   read from the index alone.
 * The triggers are built from today's plot-cells.ts: a later change of a cell's expression
 * needs a new migration that drops and recreates them and rebuilds the cells.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { cellTriggers, dropCellTriggers, rebuildPlotCells } from '../plots/plot-cells';
import { rebuildGameFigures } from '../quality/figure-rows';

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await db.schema
    .createTable('delphi_plot_cells')
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('plot', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('k1', 'text', (c) => c.notNull())
    .addColumn('k2', 'text', (c) => c.notNull())
    .addColumn('k3', 'text', (c) => c.notNull())
    .addColumn('n', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('s', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('delphi_plot_cells_key', ['game_name', 'plot', 'shard', 'k1', 'k2', 'k3'])
    // SQLite: the rows live in the primary key's b-tree (one range read per plot, no rowid lookups).
    .$call((builder) => (dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder))
    .execute();
  await db.schema
    .createTable('delphi_game_figures')
    .addColumn('game_id', 'text', (c) => c.primaryKey())
    .addColumn('suite_id', 'text', (c) => c.notNull().references('delphi_suites.id').onDelete('cascade'))
    .addColumn('responses', 'integer', (c) => c.notNull())
    .addColumn('anticipations', 'integer', (c) => c.notNull())
    .addColumn('timed', 'integer', (c) => c.notNull())
    .addColumn('fast', 'integer', (c) => c.notNull())
    .addColumn('scored', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('last_responded', 'double precision', (c) => c.notNull())
    .addColumn('frame_sum', 'double precision', (c) => c.notNull())
    .addColumn('frame_n', 'integer', (c) => c.notNull())
    .addColumn('run_response', 'text')
    .addColumn('run_length', 'integer', (c) => c.notNull())
    .addColumn('longest_run', 'integer', (c) => c.notNull())
    .addColumn('longest_response', 'text')
    .execute();
  await db.schema.createIndex('delphi_game_figures_suite').on('delphi_game_figures').columns(['suite_id']).execute();
  // The funnel's step names and counts (events/funnel.ts) from the index alone: no row lookups for step events.
  await db.schema.createIndex('delphi_events_step_names').on('delphi_events').columns(['kind', 'game_name', 'step', 'steps', 'step_name']).execute();
  for (const statement of cellTriggers(dialect)) await statement.execute(db);
  await rebuildPlotCells(db, dialect);
  await rebuildGameFigures(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  for (const statement of dropCellTriggers(dialect)) await statement.execute(db);
  await db.schema.dropIndex('delphi_events_step_names').execute();
  await db.schema.dropTable('delphi_plot_cells').execute();
  await db.schema.dropTable('delphi_game_figures').execute();
}

/**
 * Issue 17 (ADR 026): session events — the session context, progress steps and attention
 * events — in ONE table, idempotent on UNIQUE (suite_id, client_id) like every log record.
 * `at` is the client's epoch ms; `game_id` is set when the event came during a game.
 * Indexes: (suite_id, at) joins attention events to the trials they fell in by time;
 * (kind, game_name, step) answers the funnel; (game_id, at) and, on responses, (game_id,
 * responded_at) a game's last activity.
 */
import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('delphi_events')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('suite_id', 'text', (c) => c.notNull().references('delphi_suites.id').onDelete('cascade'))
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text')
    .addColumn('game_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('at', 'double precision', (c) => c.notNull())
    .addColumn('duration_ms', 'double precision')
    .addColumn('step', 'integer')
    .addColumn('steps', 'integer')
    .addColumn('step_name', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('delphi_events_client', ['suite_id', 'client_id'])
    .execute();
  await db.schema.createIndex('delphi_events_suite_at').on('delphi_events').columns(['suite_id', 'at']).execute();
  await db.schema.createIndex('delphi_events_step').on('delphi_events').columns(['kind', 'game_name', 'suite_id', 'step']).execute();
  await db.schema.createIndex('delphi_events_game_at').on('delphi_events').columns(['game_id', 'at']).execute();
  // The funnel's abandonment probe (a game's latest response) in O(log n) instead of a scan of
  // the suite's responses: one more index entry per logged response, measured in bench/funnel.ts.
  await db.schema.createIndex('delphi_responses_game_time').on('delphi_responses').columns(['game_id', 'responded_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('delphi_responses_game_time').execute();
  await db.schema.dropTable('delphi_events').execute();
}

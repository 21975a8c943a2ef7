/**
 * The Delphi study suite (issue 4): suites, games, rounds, prompts, responses and export files.
 * Idempotent logging rests on UNIQUE (suite_id, client_id): a retried record hits the
 * constraint and is ignored (ON CONFLICT DO NOTHING), on both dialects. One play per game is
 * UNIQUE (suite_id, game_name). Client times are epoch milliseconds with fractions (double);
 * server times are ISO-8601 strings like the rest of the schema.
 *
 * A response also carries copies of what the export shows of its suite, game, round and
 * prompt (participant id, game name, round id, prompt id and text), all immutable once
 * written: the export then reads one table in key order with no joins, which is what
 * keeps a million-row export well inside its time budget.
 *
 * Child rows reference their suite with ON DELETE CASCADE (a test reset deletes a suite);
 * game, round and prompt references are checked by the server on insert instead of by
 * foreign keys, so deleting a suite does not cascade through unindexed columns of a
 * million-row table.
 */
import { PostgresAdapter } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('delphi_suites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('parent_origin', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delphi_suites_created_at').on('delphi_suites').columns(['created_at', 'id']).execute();

  const suiteRef = (c: ColumnDefinitionBuilder) => c.notNull().references('delphi_suites.id').onDelete('cascade');

  await db.schema
    .createTable('delphi_games')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('suite_id', 'text', suiteRef)
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'double precision', (c) => c.notNull())
    .addColumn('start_timestamp', 'double precision', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'double precision')
    .addColumn('end_client_id', 'text')
    .addColumn('end_attributes', 'text')
    .addColumn('end_received_at', 'text')
    .addUniqueConstraint('delphi_games_suite_game', ['suite_id', 'game_name'])
    .execute();

  await db.schema
    .createTable('delphi_rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('suite_id', 'text', suiteRef)
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('round', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'double precision', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'double precision')
    .addColumn('end_client_id', 'text')
    .addColumn('end_attributes', 'text')
    .addColumn('end_received_at', 'text')
    .addUniqueConstraint('delphi_rounds_client', ['suite_id', 'client_id'])
    .addUniqueConstraint('delphi_rounds_game_round', ['game_id', 'round'])
    .execute();

  await db.schema
    .createTable('delphi_prompts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('suite_id', 'text', suiteRef)
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('prompted_at', 'double precision', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('delphi_prompts_client', ['suite_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('delphi_responses')
    // An ever-increasing key: exports page through responses by it (keyset, not OFFSET).
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    // A random UUID answered as `_id`; no index of its own (nothing looks a response up by
    // it), which spares every logged response one random-order B-tree insert.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('suite_id', 'text', suiteRef)
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text')
    .addColumn('round', 'text')
    .addColumn('prompt_id', 'text')
    .addColumn('prompt_client_id', 'text')
    .addColumn('prompt', 'text')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('is_correct', 'integer')
    .addColumn('correct_answer', 'text')
    .addColumn('category', 'text')
    .addColumn('question_index', 'integer')
    .addColumn('question', 'text')
    .addColumn('prompted_at', 'double precision')
    .addColumn('responded_at', 'double precision', (c) => c.notNull())
    .addColumn('rt_ms', 'double precision')
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('delphi_responses_client', ['suite_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('delphi_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // The researcher who asked for it; the file outlives a forgotten account.
    .addColumn('created_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['delphi_exports', 'delphi_responses', 'delphi_prompts', 'delphi_rounds', 'delphi_games', 'delphi_suites']) {
    await db.schema.dropTable(table).execute();
  }
}

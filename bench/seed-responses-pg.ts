/**
 * The same million responses as seed-responses.ts (Flash Match: 4 rounds × 125 prompt/response
 * pairs per participant, same values), seeded into a fresh PostgreSQL schema for the export
 * benchmark on that dialect. The rows are made by the database itself (generate_series), with
 * triggers off for the session (the /Data plot cells are not what the export reads), so a
 * million take seconds instead of the hour HTTP would.
 */
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

const PER_SUITE = 500;

export async function seedResponsesPg(url: string, schema: string, responses: number): Promise<{ seconds: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  const config = loadConfig({ DATA_DIR: '/tmp', DATABASE_URL: url, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' });
  const database = createDatabase(config);
  await migrateToLatest(database);
  await database.destroy();

  const seed = new pg.Client({ connectionString: url });
  await seed.connect();
  try {
    await seed.query(`set search_path to ${schema}`);
    // Superuser only (the bench's own database): no per-row trigger work while seeding.
    await seed.query('set session_replication_role = replica');
    const suites = Math.ceil(responses / PER_SUITE);
    const receivedAt = new Date().toISOString();
    await seed.query(
      `insert into delphi_suites (id, participant_id, kind, parent_origin, created_at)
       select 'S' || s, 'P' || lpad(s::text, 6, '0'), 'local', null, $2 from generate_series(0::bigint, $1 - 1) s`,
      [suites, receivedAt],
    );
    await seed.query(
      `insert into delphi_games (id, suite_id, game_name, client_id, started_at, start_timestamp, attributes, received_at, ended_at)
       select 'G' || s, 'S' || s, 'FlashMatch', 'GC' || s, t0, t0, '{}', $2, t0 + 3000000
       from (select s, 1700000000000::double precision + s * 3600000 as t0 from generate_series(0::bigint, $1 - 1) s) x`,
      [suites, receivedAt],
    );
    await seed.query(
      `insert into delphi_rounds (id, suite_id, game_id, round, client_id, started_at, attributes, received_at)
       select 'R' || s || '_' || r, 'S' || s, 'G' || s, (array['SZ_1','SZ_2','VS_1','VS_2'])[r + 1], 'RC' || s || '_' || r,
              1700000000000::double precision + s * 3600000 + r * 600000, '{}', $2
       from generate_series(0::bigint, $1 - 1) s, generate_series(0, 3) r`,
      [suites, receivedAt],
    );
    const pairs = `from (select n, n / ${PER_SUITE} as s, n % ${PER_SUITE} as i from generate_series(0::bigint, $1 - 1) n) x
       cross join lateral (select i / 125 as r, 1700000000000::double precision + s * 3600000 + i * 2000 + 0.25 as at,
         (100000 + ((s * 7919 + i * 104729) % 900000))::text as digits, (i + s) % 7 <> 0 as correct) y`;
    await seed.query(
      `insert into delphi_prompts (id, suite_id, game_id, round_id, client_id, prompt, prompted_at, attributes, received_at)
       select 'Q' || n, 'S' || s, 'G' || s, 'R' || s || '_' || r, 'QC' || n, digits, at, '{}', $2 ${pairs} order by n`,
      [responses, receivedAt],
    );
    await seed.query(
      `insert into delphi_responses (id, suite_id, participant_id, game_id, game_name, round_id, round, prompt_id, prompt_client_id,
         prompt, client_id, response, is_correct, correct_answer, category, question_index, question, prompted_at, responded_at,
         rt_ms, attributes, received_at)
       select 'A' || n, 'S' || s, 'P' || lpad(s::text, 6, '0'), 'G' || s, 'FlashMatch', 'R' || s || '_' || r,
         (array['SZ_1','SZ_2','VS_1','VS_2'])[r + 1], 'Q' || n, 'QC' || n, digits, 'AC' || n,
         case when correct then 'ArrowRight' else 'ArrowLeft' end, case when correct then 1 else 0 end, 'ArrowRight', null,
         i % 125, null, at, at + 412.5, 412.5, '{}', $2 ${pairs} order by n`,
      [responses, receivedAt],
    );
    await seed.query('analyze');
  } finally {
    await seed.end();
  }
  return { seconds: (performance.now() - started) / 1000 };
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

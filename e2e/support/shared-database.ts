/**
 * The one database several server processes share in the scale-out test: a fresh schema of
 * the PostgreSQL at TEST_DATABASE_URL when set, else one SQLite file in the shared DATA_DIR
 * (so the test always runs). Talks to it with the plain drivers, for what a test must set up
 * or look at directly: many seeded responses, and which process holds a job's lease.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

export interface SharedDatabase {
  readonly dialect: 'sqlite' | 'postgres';
  /** Environment for every server process (DATABASE_URL and, on PostgreSQL, DATABASE_SCHEMA). */
  readonly env: Record<string, string>;
  /** Adds one participant with `count` responses (after the servers have migrated). */
  seedResponses(count: number): Promise<void>;
  /** The lease owner (`host:pid:…`) of the running export job, if any. */
  exportLeaseOwner(): Promise<string | undefined>;
  dispose(): Promise<void>;
}

const NOW = new Date().toISOString();
const SUITE = `insert into delphi_suites (id, participant_id, kind, parent_origin, created_at) values ('seed-suite', 'SEED-1', 'local', null, '${NOW}')`;
const GAME = `insert into delphi_games (id, suite_id, game_name, client_id, started_at, start_timestamp, attributes, received_at)
  values ('seed-game', 'seed-suite', 'FlashMatch', 'seed-game-client', 1700000000000, 1700000000000, '{}', '${NOW}')`;
/** One statement for any number of rows on both dialects: a counting recursive CTE. */
const responses = (count: number) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
  insert into delphi_responses (id, suite_id, participant_id, game_id, game_name, round, client_id, response, is_correct,
    responded_at, rt_ms, attributes, received_at)
  select 'seed-' || i, 'seed-suite', 'SEED-1', 'seed-game', 'FlashMatch', 'SZ_1', 'seed-client-' || i, 'ArrowRight', 1,
    1700000000000 + i * 1000, 400.5, '{}', '${NOW}' from n`;
const LEASE = `select lease_owner from jobs where kind = 'delphi-export' and status = 'running'`;

export async function openSharedDatabase(dataDir: string): Promise<SharedDatabase> {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) {
    const file = join(dataDir, 'chi.sqlite');
    const open = () => {
      const db = new SqliteDatabase(file);
      db.pragma('busy_timeout = 5000');
      return db;
    };
    return {
      dialect: 'sqlite',
      env: { DATABASE_URL: file },
      async seedResponses(count) {
        const db = open();
        db.transaction(() => {
          db.exec(SUITE);
          db.exec(GAME);
          db.exec(responses(count));
        })();
        db.close();
      },
      async exportLeaseOwner() {
        const db = open();
        const row = db.prepare(LEASE).get() as { lease_owner: string | null } | undefined;
        db.close();
        return row?.lease_owner ?? undefined;
      },
      async dispose() {},
    };
  }

  const schema = `e2e_scale_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  return {
    dialect: 'postgres',
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    async seedResponses(count) {
      await client.query('begin');
      await client.query(SUITE);
      await client.query(GAME);
      await client.query(responses(count));
      await client.query('commit');
    },
    async exportLeaseOwner() {
      const { rows } = await client.query<{ lease_owner: string | null }>(LEASE);
      return rows[0]?.lease_owner ?? undefined;
    },
    async dispose() {
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

/**
 * Seeds a temporary SQLite database with many responses fast: the schema comes from the
 * server's own migrations, the rows from batched prepared inserts in one transaction per
 * batch (HTTP would take an hour for a million). Participants play Flash Match: 4 rounds,
 * 125 prompt/response pairs each, so every response has a suite, game, round and prompt.
 * Ids are UUID-shaped but ordered, so the seeding appends to its indexes instead of
 * scattering (the export reads by `seq` and does not care).
 */
import SqliteDatabase from 'better-sqlite3';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

const PER_ROUND = 125;
const ROUNDS = ['SZ_1', 'SZ_2', 'VS_1', 'VS_2'];
const PER_SUITE = PER_ROUND * ROUNDS.length;

export async function seedResponses(dataDir: string, responses: number): Promise<{ file: string; seconds: number }> {
  const started = performance.now();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = createDatabase(config);
  await migrateToLatest(database);
  await database.destroy();
  if (config.database.dialect !== 'sqlite') throw new Error('the export benchmark seeds SQLite');

  const sqlite = new SqliteDatabase(config.database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const receivedAt = new Date().toISOString();
  const suite = sqlite.prepare('insert into delphi_suites (id, participant_id, kind, parent_origin, created_at) values (?, ?, ?, null, ?)');
  const game = sqlite.prepare(
    `insert into delphi_games (id, suite_id, game_name, client_id, started_at, start_timestamp, attributes, received_at, ended_at)
     values (?, ?, 'FlashMatch', ?, ?, ?, '{}', ?, ?)`,
  );
  const round = sqlite.prepare(
    `insert into delphi_rounds (id, suite_id, game_id, round, client_id, started_at, attributes, received_at) values (?, ?, ?, ?, ?, ?, '{}', ?)`,
  );
  const prompt = sqlite.prepare(
    `insert into delphi_prompts (id, suite_id, game_id, round_id, client_id, prompt, prompted_at, attributes, received_at) values (?, ?, ?, ?, ?, ?, ?, '{}', ?)`,
  );
  const response = sqlite.prepare(
    `insert into delphi_responses (id, suite_id, participant_id, game_id, game_name, round_id, round, prompt_id, prompt_client_id,
       prompt, client_id, response, is_correct, correct_answer, category, question_index, question, prompted_at, responded_at,
       rt_ms, attributes, received_at)
     values (?, ?, ?, ?, 'FlashMatch', ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, null, ?, ?, ?, '{}', ?)`,
  );
  let counter = 0;
  const orderedId = () => `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`;
  const seedSuite = sqlite.transaction((index: number, count: number) => {
    const suiteId = orderedId();
    const gameId = orderedId();
    const participantId = `P${String(index).padStart(6, '0')}`;
    const t0 = 1_700_000_000_000 + index * 3_600_000;
    suite.run(suiteId, participantId, 'local', receivedAt);
    game.run(gameId, suiteId, orderedId(), t0, t0, receivedAt, t0 + 3_000_000);
    let roundId = '';
    for (let i = 0; i < count; i++) {
      const r = Math.floor(i / PER_ROUND);
      const roundName = ROUNDS[r] ?? 'SZ_1';
      if (i % PER_ROUND === 0) {
        roundId = orderedId();
        round.run(roundId, suiteId, gameId, roundName, orderedId(), t0 + r * 600_000, receivedAt);
      }
      const promptId = orderedId();
      const promptClientId = orderedId();
      const at = t0 + i * 2_000 + 0.25;
      const digits = String(100_000 + ((index * 7919 + i * 104_729) % 900_000));
      prompt.run(promptId, suiteId, gameId, roundId, promptClientId, digits, at, receivedAt);
      const correct = (i + index) % 7 !== 0;
      response.run(orderedId(), suiteId, participantId, gameId, roundId, roundName, promptId, promptClientId, digits, orderedId(),
        correct ? 'ArrowRight' : 'ArrowLeft', correct ? 1 : 0, 'ArrowRight', i % PER_ROUND, at, at + 412.5, 412.5, receivedAt);
    }
  });
  for (let index = 0, left = responses; left > 0; index++, left -= PER_SUITE) seedSuite(index, Math.min(PER_SUITE, left));
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { file: config.database.file, seconds: (performance.now() - started) / 1000 };
}

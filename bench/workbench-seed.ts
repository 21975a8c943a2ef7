/**
 * Seeds the /Data workbench bench (issue 17 part 7): `participants` suites, each with five
 * games and `perParticipant` responses spread over them as the games log them (Flash Match
 * blocks and expected answers, Quiz Time categories, Color Catch levels and error types,
 * Mime Mix emotions, Word Links scores), plus a few anticipations. Bulk inserts, not HTTP
 * (which would take an hour): prepared statements in one transaction per participant on
 * SQLite, `unnest` of column arrays on PostgreSQL. Values come from a seeded generator, so
 * every run seeds the same rows.
 */
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { Config } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import type { Database } from '../apps/server/src/db/database';
import { cellTriggers, dropCellTriggers, rebuildPlotCells } from '../apps/server/src/modules/delphi/plots/plot-cells';
import { rebuildGameFigures } from '../apps/server/src/modules/delphi/quality/figure-rows';

const EMOTIONS = ['anger', 'disgust', 'fear', 'happy', 'sad', 'surprise'];
const QUIZ = ['Science', 'History', 'Geography', 'Culture'];
const FLASH = ['SZ_1', 'SZ_2', 'VS_1', 'VS_2'];

/** Per participant: responses of each game, in this proportion of `perParticipant`. */
const SHARE = { FlashMatch: 0.4, QuizTime: 0.2, ColorCatch: 0.2, MimeMix: 0.15, WordLinks: 0.05 } as const;
type Game = keyof typeof SHARE;

const COLUMNS = [
  'id', 'suite_id', 'participant_id', 'game_id', 'game_name', 'round', 'client_id', 'response', 'is_correct', 'correct_answer',
  'category', 'prompted_at', 'responded_at', 'rt_ms', 'anticipation', 'frame_interval_ms', 'attributes', 'received_at',
] as const;
type Row = (string | number | null)[];

function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** One participant's suite, games and response rows. */
function participantRows(index: number, perParticipant: number, next: () => number) {
  const base = index * (perParticipant + 10);
  const suiteId = uuid(base);
  const participantId = `W${String(index).padStart(5, '0')}`;
  const t0 = 1_700_000_000_000 + index * 3_600_000;
  const receivedAt = new Date(t0).toISOString();
  const games = (Object.keys(SHARE) as Game[]).map((name, g) => ({ id: uuid(base + 1 + g), name }));
  const rows: Row[] = [];
  let n = 0;
  for (const game of games) {
    const count = Math.round(perParticipant * SHARE[game.name]);
    for (let i = 0; i < count; i++) {
      n += 1;
      const at = t0 + n * 1500;
      const slow = 300 + next() * 900 + (next() < 0.05 ? 2000 : 0);
      const right = next() < 0.85;
      let round: string;
      let response: string | null;
      let correct: string | null;
      let category: string | null = null;
      let isCorrect: number | null = right ? 1 : 0;
      let attributes = '{}';
      let rt: number | null = slow;
      let anticipation = 0;
      switch (game.name) {
        case 'FlashMatch': {
          round = FLASH[Math.floor((i * FLASH.length) / count)] ?? 'SZ_1';
          category = round.startsWith('SZ') ? 'Search' : 'Comparison';
          correct = next() < 0.5 ? 'ArrowRight' : 'ArrowLeft';
          response = right ? correct : correct === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
          if (next() < 0.01) {
            anticipation = 1;
            isCorrect = null;
            rt = -40;
          }
          break;
        }
        case 'QuizTime':
          round = category = QUIZ[i % QUIZ.length] ?? 'Science';
          correct = 'a';
          response = right ? 'a' : 'b';
          rt = 1500 + next() * 8000;
          break;
        case 'ColorCatch': {
          round = `Level_${1 + Math.floor((i * 4) / count)}`;
          correct = String(Math.floor(next() * 16));
          const kind = next();
          const errorType = right ? null : kind < 0.5 ? 'outdated' : kind < 0.85 ? 'other' : 'timeout';
          response = errorType === 'timeout' ? null : right ? correct : String(Math.floor(next() * 16));
          if (errorType === 'timeout') rt = null;
          attributes = JSON.stringify({ errorType });
          break;
        }
        case 'MimeMix':
          round = 'main';
          correct = EMOTIONS[Math.floor(next() * EMOTIONS.length)] ?? 'happy';
          response = right ? correct : EMOTIONS[Math.floor(next() * EMOTIONS.length)] ?? 'sad';
          category = `${next() < 0.5 ? 'top' : 'bottom'} ${next() < 0.5 ? 'congruent' : 'incongruent'}`;
          break;
        default:
          round = `L${1 + Math.floor((i * 2) / count)}_${1 + (i % 5)}`;
          correct = null;
          isCorrect = null;
          response = `word${i}`;
          rt = 2000 + next() * 10_000;
          attributes = JSON.stringify({ accepted: true, score: Math.round(next() * 10_000) / 100 });
      }
      rows.push([
        uuid(base * 1000 + n), suiteId, participantId, game.id, game.name, round, uuid(base * 1000 + n + 500), response, isCorrect, correct,
        category, at, rt === null ? at + 5000 : at + rt, rt, anticipation, 16.7, attributes, receivedAt,
      ]);
    }
  }
  return { suiteId, participantId, t0, receivedAt, games, rows };
}

function seedSqlite(file: string, participants: number, perParticipant: number): void {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const suite = sqlite.prepare("insert into delphi_suites (id, participant_id, kind, parent_origin, created_at) values (?, ?, 'local', null, ?)");
  const game = sqlite.prepare(
    `insert into delphi_games (id, suite_id, game_name, client_id, started_at, start_timestamp, attributes, received_at, ended_at, status)
     values (?, ?, ?, ?, ?, ?, '{}', ?, ?, 'completed')`,
  );
  const response = sqlite.prepare(`insert into delphi_responses (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
  const next = generator(17);
  const seedOne = sqlite.transaction((index: number) => {
    const p = participantRows(index, perParticipant, next);
    suite.run(p.suiteId, p.participantId, p.receivedAt);
    for (const g of p.games) game.run(g.id, p.suiteId, g.name, `${g.id}-c`, p.t0, p.t0, p.receivedAt, p.t0 + 3_000_000);
    for (const row of p.rows) response.run(...row);
  });
  for (let index = 0; index < participants; index++) seedOne(index);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
}

const PG_TYPES: Record<(typeof COLUMNS)[number], string> = {
  id: 'text', suite_id: 'text', participant_id: 'text', game_id: 'text', game_name: 'text', round: 'text', client_id: 'text',
  response: 'text', is_correct: 'integer', correct_answer: 'text', category: 'text', prompted_at: 'double precision',
  responded_at: 'double precision', rt_ms: 'double precision', anticipation: 'integer', frame_interval_ms: 'double precision',
  attributes: 'text', received_at: 'text',
};

async function seedPostgres(database: Database, participants: number, perParticipant: number): Promise<void> {
  const db = database.db;
  const next = generator(17);
  const BATCH = 20;
  for (let start = 0; start < participants; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, participants - start) }, (_, k) => participantRows(start + k, perParticipant, next));
    const suites = batch.map((p) => ({ id: p.suiteId, participant_id: p.participantId, kind: 'local' as const, parent_origin: null, created_at: p.receivedAt }));
    await db.insertInto('delphi_suites').values(suites).execute();
    await db
      .insertInto('delphi_games')
      .values(batch.flatMap((p) => p.games.map((g) => ({
        id: g.id, suite_id: p.suiteId, game_name: g.name, client_id: `${g.id}-c`, started_at: p.t0, start_timestamp: p.t0,
        attributes: '{}', received_at: p.receivedAt, ended_at: p.t0 + 3_000_000, status: 'completed' as const,
      }))))
      .execute();
    const rows = batch.flatMap((p) => p.rows);
    const arrays = COLUMNS.map((_, c) => rows.map((row) => row[c] ?? null));
    const columns = sql.join(COLUMNS.map((c) => sql.id(c)));
    const unnest = sql.join(COLUMNS.map((c, i) => sql`${arrays[i]}::${sql.raw(PG_TYPES[c])}[]`));
    await sql`insert into delphi_responses (${columns}) select * from unnest(${unnest})`.execute(db);
  }
}

/**
 * Seeds the database `config` names (migrated already) with the workbench's rows. The plots'
 * cell and figure triggers (migration 0024) are dropped for the bulk insert and the cells and
 * games' figures then rebuilt
 * from the rows, as the migration backfills a database that already holds responses; answers
 * the seconds the seed took and, of those, the backfill.
 */
export async function seedWorkbench(config: Config, database: Database, participants: number, perParticipant: number): Promise<{ seconds: number; backfillSeconds: number }> {
  const started = performance.now();
  const dialect = config.database.dialect;
  for (const statement of dropCellTriggers(dialect)) await statement.execute(database.db);
  if (dialect === 'sqlite') {
    await database.destroy();
    seedSqlite(config.database.file, participants, perParticipant);
  } else {
    await seedPostgres(database, participants, perParticipant);
  }
  const again = dialect === 'sqlite' ? createDatabase(config) : database;
  const backfillStarted = performance.now();
  for (const statement of cellTriggers(dialect)) await statement.execute(again.db);
  await rebuildPlotCells(again.db, dialect);
  await rebuildGameFigures(again.db);
  if (dialect === 'postgres') await sql`analyze`.execute(again.db);
  const backfillSeconds = (performance.now() - backfillStarted) / 1000;
  await again.destroy();
  return { seconds: (performance.now() - started) / 1000, backfillSeconds };
}

/**
 * The /Data funnel and a participant's timeline at study scale (issue 17 part 3, ADR 026):
 * seeds 1,000 participants who played the six games (most finished, some interrupted, some
 * abandoned long ago, some playing now), with their progress steps, attention events and
 * responses, then times `studyFunnel` and `participantTimeline` (the same functions the routes
 * call) and prints p50/p95 — on SQLite, and on PostgreSQL when TEST_DATABASE_URL or
 * DATABASE_URL is set. `npm run bench -- --funnel-only`; writes bench/results/funnel.json.
 * Rows go in through Kysely (multi-row inserts), the same on both dialects.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { delphi } from '@chi/contract';
import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import type { Database } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { DatabaseSchema } from '../apps/server/src/db/schema';
import { studyFunnel } from '../apps/server/src/modules/delphi/events/funnel';
import { exportScope } from '../apps/server/src/modules/delphi/studies/data-scope';
import { participantTimeline } from '../apps/server/src/modules/delphi/events/timeline';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results', 'funnel.json');
const PARTICIPANTS = 1_000;
const STEPS = 6;
const RUNS = 40;

/** A small deterministic generator: the same study on every run and both dialects. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type Rows<T extends keyof DatabaseSchema> = Insertable<DatabaseSchema[T]>[];

async function insertAll<T extends 'delphi_suites' | 'delphi_games' | 'delphi_events' | 'delphi_responses'>(db: Kysely<DatabaseSchema>, table: T, rows: Rows<T>): Promise<void> {
  // ≤ 65535 bound parameters per statement on PostgreSQL: 500 rows of ≤ 25 columns.
  for (let i = 0; i < rows.length; i += 500) await db.insertInto(table).values(rows.slice(i, i + 500) as never).execute();
}

async function seed(database: Database, responsesPerGame: number): Promise<{ suites: string[]; responses: number; events: number }> {
  const next = random(17);
  const now = Date.now();
  const receivedAt = new Date(now).toISOString();
  const suites: Rows<'delphi_suites'> = [];
  let responses = 0;
  let events = 0;
  let id = 0;
  const newId = () => `b${(id++).toString(36).padStart(10, '0')}`;
  for (let p = 0; p < PARTICIPANTS; p++) suites.push({ id: newId(), participant_id: `F${String(p).padStart(5, '0')}`, kind: 'local', parent_origin: null, created_at: receivedAt });
  await insertAll(database.db, 'delphi_suites', suites);
  for (const suite of suites) {
    const games: Rows<'delphi_games'> = [];
    const stepEvents: Rows<'delphi_events'> = [];
    const answers: Rows<'delphi_responses'> = [];
    // Most joined hours ago; a sixth are playing now.
    const playingNow = next() < 0.15;
    let t = playingNow ? now - 20 * 60_000 : now - (2 + next() * 48) * 3_600_000;
    for (const gameName of delphi.GAME_NAMES) {
      const roll = next();
      if (roll < 0.05) break; // left the study before this game
      const outcome = playingNow && gameName === 'MimeMix' ? 'in progress' : roll < 0.12 ? 'interrupted' : roll < 0.18 ? 'in progress' : 'completed';
      const gameId = newId();
      const reached = outcome === 'completed' ? STEPS - 1 : Math.floor(next() * (STEPS - 1));
      games.push({
        id: gameId, suite_id: suite.id, game_name: gameName, client_id: newId(), started_at: t, start_timestamp: t, attributes: '{}', received_at: receivedAt,
        ended_at: outcome === 'in progress' ? null : t + 300_000, status: outcome,
      });
      const event = (kind: string, at: number, extra: Partial<Insertable<DatabaseSchema['delphi_events']>> = {}) =>
        stepEvents.push({
          id: newId(), suite_id: suite.id, participant_id: suite.participant_id, game_id: gameId, game_name: gameName, kind, client_id: newId(),
          at, duration_ms: null, step: null, steps: null, step_name: null, detail: '{}', received_at: receivedAt, ...extra,
        });
      for (let s = 0; s <= reached; s++) event('step', t + s * 50_000, { step: s, steps: STEPS, step_name: `Step ${s + 1}` });
      for (let r = 0; r < responsesPerGame; r++) {
        const at = t + 1000 + r * 2000;
        answers.push({
          id: newId(), suite_id: suite.id, participant_id: suite.participant_id, game_id: gameId, game_name: gameName, round_id: null, round: 'R1',
          prompt_id: null, prompt_client_id: newId(), prompt: '1', client_id: newId(), response: 'a', is_correct: 1, correct_answer: 'a', category: null,
          question_index: null, question: null, prompted_at: at, responded_at: at + 450, rt_ms: 450, attributes: '{}', received_at: receivedAt,
        });
      }
      // A few tab switches: hidden, blur, then visible again 2 s later.
      if (next() < 0.3) {
        const at = t + 1200;
        event('hidden', at);
        event('blur', at + 1);
        event('visible', at + 2000, { duration_ms: 2000 });
      }
      t += 400_000;
    }
    // One transaction per participant: one commit (fsync) instead of one per statement.
    await database.db.transaction().execute(async (trx) => {
      await insertAll(trx, 'delphi_games', games);
      await insertAll(trx, 'delphi_events', stepEvents);
      await insertAll(trx, 'delphi_responses', answers);
    });
    responses += answers.length;
    events += stepEvents.length;
  }
  return { suites: suites.map((s) => String(s.id)), responses, events };
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function time(run: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run(0);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { p50: round(percentile(samples, 0.5)), p95: round(percentile(samples, 0.95)) };
}

interface DialectFigures {
  dialect: string;
  participants: number;
  responses: number;
  events: number;
  seedSeconds: number;
  funnelMs: { p50: number; p95: number };
  timelineMs: { p50: number; p95: number };
}

async function benchOne(env: Record<string, string>, responsesPerGame: number): Promise<DialectFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-bench-funnel-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const database = createDatabase(config);
  try {
    await migrateToLatest(database);
    const started = performance.now();
    const seeded = await seed(database, responsesPerGame);
    if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    const scope = await exportScope(database.db, delphi.DEFAULT_STUDY_SLUG, 'live');
    const funnelMs = await time(() => studyFunnel(database.db, scope, delphi.DEFAULT_ABANDON_MINUTES, new Date()));
    const timelineMs = await time((i) => participantTimeline(database.db, seeded.suites[(i * 97) % seeded.suites.length] ?? ''));
    return { dialect: database.dialect, participants: PARTICIPANTS, responses: seeded.responses, events: seeded.events, seedSeconds, funnelMs, timelineMs };
  } finally {
    if (database.dialect === 'postgres' && config.databaseSchema) await sql`drop schema if exists ${sql.id(config.databaseSchema)} cascade`.execute(database.db);
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchFunnel(argv: readonly string[] = process.argv): Promise<DialectFigures[]> {
  const perGame = Number(argv.find((a) => a.startsWith('--funnel-responses='))?.split('=')[1] ?? 60);
  const figures = [await benchOne({}, perGame)];
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) figures.push(await benchOne({ DATABASE_URL: url, DATABASE_SCHEMA: `bench_funnel_${randomBytes(4).toString('hex')}` }, perGame));
  for (const f of figures) {
    console.log(
      `funnel (${f.dialect}): ${f.participants} participants, ${f.responses} responses, ${f.events} events (seeded in ${f.seedSeconds} s): ` +
        `funnel p50 ${f.funnelMs.p50} ms, p95 ${f.funnelMs.p95} ms; timeline p50 ${f.timelineMs.p50} ms, p95 ${f.timelineMs.p95} ms`,
    );
  }
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify({ measuredAt: new Date().toISOString(), figures }, null, 2)}\n`);
  return figures;
}

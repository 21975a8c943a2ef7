/**
 * The /Data workbench at scale (issue 17 part 7, ADR 027): 1,000 participants and 10^6
 * responses, then p50/p95 of the quality flags call (LIST_PARTICIPANTS, a page of 50 with
 * flags) and of each plot aggregate call, through the real HTTP routes of the compiled server
 * (`npm run build -w apps/server` first), on SQLite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL (in a schema of its own, dropped afterwards). Every sample follows a new response
 * (written straight into the table, untimed), so each is a call "right after new data".
 * Target: p95 ≤ 300 ms. Figures only.
 * `npm run bench -- --workbench-only` runs it alone (`--responses=N` for a smaller run).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { API_BASE, PASSWORD_SALT, XHR_HEADER, XHR_HEADER_VALUE, account, delphi, delphiPlots, resolvePath } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { launchServerProcess } from '../e2e/support/server-process';
import { seedWorkbench } from './workbench-seed';

const ADMIN = { email: 'bench-admin@example.org', password: 'bench admin password' };
const TARGET_P95_MS = 300;
const SAMPLES = 20;

export interface WorkbenchFigure {
  dialect: 'sqlite' | 'postgres';
  call: string;
  /** The first call after the data changed: the full computation, no cached group side. */
  coldMs: number;
  p50Ms: number;
  p95Ms: number;
  withinTarget: boolean;
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

interface Probe {
  readonly label: string;
  readonly descriptor: ApiDescriptor;
  readonly input: unknown;
}

function probes(): Probe[] {
  const plot = (label: string, descriptor: ApiDescriptor, gameName: delphi.GameName, participant?: string) => ({
    label: `${label} ${gameName}${participant ? ' + participant' : ''}`,
    descriptor,
    input: { gameName, ...(participant ? { participant } : {}) },
  });
  return [
    { label: 'quality flags (LIST_PARTICIPANTS, 50)', descriptor: delphi.listParticipants, input: {} },
    plot('RT bins', delphiPlots.plotResponseTimes, 'FlashMatch'),
    plot('RT bins', delphiPlots.plotResponseTimes, 'FlashMatch', 'W00042'),
    plot('RT bins', delphiPlots.plotResponseTimes, 'QuizTime'),
    plot('accuracy', delphiPlots.plotAccuracy, 'FlashMatch'),
    plot('accuracy', delphiPlots.plotAccuracy, 'QuizTime', 'W00042'),
    plot('game view', delphiPlots.plotGameView, 'ColorCatch'),
    plot('game view', delphiPlots.plotGameView, 'MimeMix', 'W00042'),
    plot('game view', delphiPlots.plotGameView, 'WordLinks'),
  ];
}

async function measureOn(dialect: 'sqlite' | 'postgres', responses: number): Promise<{ seedSeconds: number; figures: WorkbenchFigure[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-bench-workbench-'));
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL ?? '';
  const dbEnv: Record<string, string> = dialect === 'postgres' ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {};
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...dbEnv });
    const database = createDatabase(config);
    await migrateToLatest(database);
    const participants = 1000;
    const seeded = await seedWorkbench(config, database, participants, Math.ceil(responses / participants));
    const seedSeconds = seeded.seconds;
    console.log(`  seeded in ${Math.round(seedSeconds)} s (of which ${Math.round(seeded.backfillSeconds)} s building the plots' cells, migration 0024's backfill)`);
    const server = await launchServerProcess({ env: { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', ...dbEnv } });
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      const headers: Record<string, string> = { 'content-type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE };
      const post = async (descriptor: ApiDescriptor, body: unknown): Promise<Response> => {
        const response = await fetch(origin + API_BASE + resolvePath(descriptor), { method: 'POST', headers, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${descriptor.name}: ${response.status} ${await response.text()}`);
        return response;
      };
      const password = createHash('sha256').update(PASSWORD_SALT + ADMIN.password).digest('hex');
      const login = await post(account.login, { _email: ADMIN.email, password });
      const cookie = /chi_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
      if (!cookie) throw new Error('login set no session cookie');
      headers.cookie = cookie;

      // A participant's new response straight into the table between samples (the triggers keep the cells and figures).
      const writer = createDatabase(config);
      const w42 = await writer.db.selectFrom('delphi_games').select(['id', 'suite_id', 'game_name']).where('suite_id', '=', (eb) => eb.selectFrom('delphi_suites').select('id').where('participant_id', '=', 'W00042')).execute();
      let written = 0;
      const newResponse = async (i: number) => {
        const game = w42[i % w42.length];
        if (!game) return;
        written += 1;
        await writer.db.insertInto('delphi_responses').values({
          id: `bench-new-${written}`, suite_id: game.suite_id, participant_id: 'W00042', game_id: game.id, game_name: game.game_name, round: 'SZ_1',
          client_id: `bench-new-${written}`, response: 'ArrowRight', is_correct: 1, correct_answer: 'ArrowRight', category: 'Search',
          prompted_at: 1_800_000_000_000, responded_at: 1_800_000_000_420 + written, rt_ms: 420 + written, anticipation: 0, frame_interval_ms: 16.7,
          attributes: '{"score":50,"errorType":"other"}', received_at: new Date().toISOString(),
        }).execute();
      };
      const figures: WorkbenchFigure[] = [];
      for (const probe of probes()) {
        // The first call computes everything (the data changed since the server started); then the samples, one at a time.
        const coldStarted = performance.now();
        await (await post(probe.descriptor, probe.input)).arrayBuffer();
        const coldMs = Math.round(performance.now() - coldStarted);
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          // New data before every sample (not timed): the answer must be current and still fast (no cache to lean on).
          await newResponse(i);
          const started = performance.now();
          await (await post(probe.descriptor, probe.input)).arrayBuffer();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const p95 = quantile(times, 0.95);
        const figure = { dialect, call: probe.label, coldMs, p50Ms: Math.round(quantile(times, 0.5)), p95Ms: Math.round(p95), withinTarget: p95 <= TARGET_P95_MS };
        console.log(`  ${dialect} ${probe.label}: cold ${figure.coldMs} ms, p50 ${figure.p50Ms} ms, p95 ${figure.p95Ms} ms`);
        figures.push(figure);
      }
      await writer.destroy();
      return { seedSeconds, figures };
    } finally {
      await server.stop();
    }
  } finally {
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end());
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Seeds and measures on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set; prints and writes bench/results/workbench.json. */
export async function runWorkbenchBench(resultsDir: string, responses = 1_000_000): Promise<WorkbenchFigure[]> {
  const dialects: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const figures: WorkbenchFigure[] = [];
  const seeds: Record<string, number> = {};
  for (const dialect of dialects) {
    console.log(`workbench: seeding 1,000 participants and ${responses.toLocaleString('en')} responses on ${dialect}…`);
    const measured = await measureOn(dialect, responses);
    seeds[dialect] = Math.round(measured.seedSeconds);
    figures.push(...measured.figures);
  }
  console.log(`\n/Data workbench: 1,000 participants, ${responses.toLocaleString('en')} responses, ${SAMPLES} sequential calls each (real HTTP)`);
  console.table(figures.map((f) => ({ dialect: f.dialect, call: f.call, 'cold ms': f.coldMs, 'p50 ms': f.p50Ms, 'p95 ms': f.p95Ms, 'p95 ≤ 300 ms': f.withinTarget ? 'met' : 'MISSED' })));
  console.log(`seeding took ${Object.entries(seeds).map(([d, s]) => `${s} s on ${d}`).join(', ')}`);
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, 'workbench.json');
  await writeFile(file, JSON.stringify({ measuredAt: new Date().toISOString(), responses, participants: 1000, seedSeconds: seeds, figures }, null, 2) + '\n');
  console.log(`written ${file}`);
  return figures;
}

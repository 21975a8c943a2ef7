/**
 * `npm run bench`: first-load weight of each sub-app home in real Chromium, as bytes on the
 * wire (compressed as the server sent them) once the live page has started (`--pages-only`: that
 * table alone), and /api/v1/health under autocannon (issues 2
 * and 10, bench/results/foundation.json); Lighthouse 12 on every home (issue 10,
 * bench/results/lighthouse.json); then, on the same server, `logResponse` under the same load
 * and a one-million-response export (issue 4, bench/results/delphi.json). Figures only:
 * nothing here passes or fails a build. `--skip-pages` leaves out the browser parts (no web
 * build needed). `--lighthouse-only` runs only Lighthouse (`--runs=N` times per home, median
 * reported, default 3; `--apps=a,b` for some homes; `--details` adds each home's long tasks and
 * main-thread time per script; `--trace-dir=DIR` keeps each run's Chrome trace; `--port=N` a fixed port) and writes
 * bench/results/lighthouse.json.
 * `--retrieval-only` runs only the assistants' retrieval bench (bench/retrieval.ts: SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set) and writes bench/results/retrieval.json.
 * `--funnel-only`: the /Data funnel and timeline queries on 1,000 participants (bench/funnel.ts).
 * `--workbench-only` runs only the /Data workbench bench (issue 17, bench/workbench.ts).
 * `--ingest-only`: hostile assistant files against the built server, /health latency and peak
 * memory meanwhile (issue 24, bench/ingest.ts, bench/results/ingest.json).
 * `--interaction-only`: a phone's first tap on every home and the delphi participant's Start,
 * and response taps inside Quiz Time and Flash Match, tap → result painted (issue 23,
 * bench/interaction.ts, bench/results/interaction.json); `--runs=N` (default 5),
 * `--apps=a,b`, `--reading=1,4` (seconds), `--throttle=phone,none`, `--no-second-visit`,
 * `--no-participant`, `--no-games`, `--responses=N` (per game and run), `--port=N`, `--cpu-slowdown=N`
 * (a fixed CPU slow-down, e.g. Lighthouse's 4, instead of the one calibrated to this host: ADR 076), `--trace-dir=DIR` (a
 * Chrome trace of every timed tap, summarised: what the main thread did until the result's frame). The full bench runs it
 * with the defaults and prints its tables beside Lighthouse's.
 * `--study-day`: hundreds of simulated participants through K processes under scheduled faults
 * (issue 27, bench/study-day/study-day.ts for its options, bench/results/study-day.json).
 * `--displays-only`: timed displays, planned vs actual, in headless Chromium (issue 28 item 6,
 * bench/displays.ts, bench/results/displays.json).
 * `--export-only`: only the export of a million responses (bench/export-million.ts), without
 * writing results; `--responses=N`, `--formats=csv,json,psychds`, `--database-url=postgres://…`
 * (seeds and exports in a fresh schema of that database, dropped after; SQLite by default),
 * `--cpu-prof-dir=DIR` (the server writes a CPU profile there when it stops).
 * `--log-response-only`: /health, then logResponse, then its batch form logRecords (records per second) on the same fresh server (SQLite), printed with their ratios (`--port=N` a fixed port)
 * (`--cpu-prof-dir=DIR` too).
 * Neither needs the web build: `npm run build -w apps/server && node --import tsx bench/run.ts --export-only`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { APP_IDS, type AppId, type delphi } from '@chi/contract';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startServer, type RunningServer } from '../e2e/support/server';
import { reachFor } from '../e2e/support/live-page';
import { measureMillionExport } from './export-million';
import { homeUrl, printLighthouse, printLighthouseDetails, runLighthouse } from './lighthouse';
import { measureLogRecords, measureLogResponse, type Throughput } from './log-response';
import { printDelphi, printExports, printLogRecords } from './print-delphi';
import { benchWordLinks } from './word-links';
import { runRetrievalBench } from './retrieval';
import { runCreavisionsBench } from './creavisions';
import { benchFunnel } from './funnel';
import { runWorkbenchBench } from './workbench';
import { ingestOnly } from './ingest';
import { DEFAULT_INTERACTION_OPTIONS, runInteractionBench, TAP_HOMES, type InteractionOptions } from './interaction';
import { printInteraction, writeInteraction } from './interaction-report';
import type { Throttle } from './support/phone';
import { studyDayBench } from './study-day/study-day';
import { benchDisplays } from './displays';

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');
const JS_BUDGET_BYTES = 180 * 1024;

interface PageWeight {
  app: AppId;
  jsFiles: number;
  /** Response bodies as transferred (Content-Encoding applied), from Chromium's own accounting. */
  jsWireBytes: number;
  cssWireBytes: number;
  /** Every response of the load, headers included: documents, scripts, styles, API calls. */
  totalWireBytes: number;
  /** Content-Encoding of the scripts and stylesheets, e.g. `br`. */
  encodings: string[];
  withinBudget: boolean;
}

async function measurePages(server: RunningServer): Promise<PageWeight[]> {
  const browser = await launchBrowser();
  const weights: PageWeight[] = [];
  try {
    for (const app of APP_IDS) {
      const { context, page } = await newPage(browser);
      const pending: Promise<{ type: string; body: number; total: number; encoding: string }>[] = [];
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        pending.push(
          Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
            type,
            body: sizes.responseBodySize,
            total: sizes.responseBodySize + sizes.responseHeadersSize,
            encoding: response?.headers()['content-encoding'] ?? 'identity',
          })),
        );
      });
      await page.goto(homeUrl(server.port, app), { waitUntil: 'load' });
      // The static page holds a variant per width class; the one for this screen is visible.
      await page.locator('main h1').filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 30_000 });
      // A prerendered home loads no script until the person reaches for it (ADR 040): the weight
      // that counts against the budget is what the live page then needs.
      await reachFor(page);
      await page.waitForLoadState('networkidle');
      const loaded = await Promise.all(pending);
      const js = loaded.filter((r) => r.type === 'script');
      const css = loaded.filter((r) => r.type === 'stylesheet');
      const jsWireBytes = js.reduce((sum, r) => sum + r.body, 0);
      weights.push({
        app,
        jsFiles: js.length,
        jsWireBytes,
        cssWireBytes: css.reduce((sum, r) => sum + r.body, 0),
        totalWireBytes: loaded.reduce((sum, r) => sum + r.total, 0),
        encodings: [...new Set([...js, ...css].map((r) => r.encoding))],
        withinBudget: jsWireBytes <= JS_BUDGET_BYTES,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

async function measureHealth(server: RunningServer): Promise<Throughput> {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}/api/v1/health`,
    headers: { host: `api.chi.localhost:${server.port}` },
    connections: 50,
    duration: 10,
  });
  return {
    connections: 50,
    durationSeconds: 10,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function flag(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function writeLighthouse(lighthouse: unknown): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const lighthouseFile = join(RESULTS_DIR, 'lighthouse.json');
  await writeFile(lighthouseFile, JSON.stringify({ measuredAt: new Date().toISOString(), homes: lighthouse }, null, 2) + '\n');
  console.log(`written ${lighthouseFile}`);
}

function printPages(pages: PageWeight[]): void {
  console.log('\nFirst load of each sub-app home: bytes on the wire, as Chromium received them (Accept-Encoding: gzip, deflate, br, zstd)');
  console.table(
    pages.map((p) => ({
      app: p.app,
      'js files': p.jsFiles,
      'js on wire': kb(p.jsWireBytes),
      'css on wire': kb(p.cssWireBytes),
      'all on wire': kb(p.totalWireBytes),
      encoding: p.encodings.join(', '),
      'js budget 180 KB': p.withinBudget ? 'within' : 'OVER',
    })),
  );
}

/** `--pages-only`: the first-load weight table alone (no file written). */
async function pagesOnly(): Promise<void> {
  const server = await startServer({ LOG_LEVEL: 'silent' });
  try {
    printPages(await measurePages(server));
  } finally {
    await server.stop();
  }
}

/** `--lighthouse-only`: Lighthouse alone, several runs per home (ADR 023). */
async function lighthouseOnly(): Promise<void> {
  const runs = Number(flag('runs') ?? 3);
  const apps = (flag('apps')?.split(',') ?? APP_IDS).filter((a): a is AppId => (APP_IDS as readonly string[]).includes(a));
  const port = flag('port');
  const server = await startServer({ LOG_LEVEL: 'silent', ...(port ? { PORT: port } : {}) });
  try {
    const lighthouse = await runLighthouse(server.port, apps, runs, flag('trace-dir'));
    if (process.argv.includes('--details')) printLighthouseDetails(lighthouse);
    printLighthouse(lighthouse);
    await writeLighthouse(lighthouse);
  } finally {
    await server.stop();
  }
}

/** `--cpu-slowdown=N`: a fixed rate (CDP takes 1 or more), or undefined to calibrate. */
function cpuSlowdownFlag(): number | undefined {
  const given = flag('cpu-slowdown');
  if (given === undefined) return undefined;
  const rate = Number(given);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`--cpu-slowdown=${given}: give a number of 1 or more (4 is Lighthouse's)`);
  return rate;
}

/** The interaction bench's options from the command line (defaults: DEFAULT_INTERACTION_OPTIONS). */
function interactionOptions(): InteractionOptions {
  const d = DEFAULT_INTERACTION_OPTIONS;
  const list = (name: string) => flag(name)?.split(',').filter((x) => x !== '');
  return {
    runs: Number(flag('runs') ?? d.runs),
    homes: (list('apps') ?? d.homes).filter((a): a is AppId => (TAP_HOMES as readonly string[]).includes(a)),
    readingMs: list('reading')?.map((s) => Number(s) * 1000) ?? d.readingMs,
    throttles: (list('throttle') ?? d.throttles).filter((t): t is Throttle => t === 'phone' || t === 'none'),
    secondVisit: !process.argv.includes('--no-second-visit'),
    participant: !process.argv.includes('--no-participant'),
    games: !process.argv.includes('--no-games'),
    gameResponses: Number(flag('responses') ?? d.gameResponses),
    gameTimeScale: d.gameTimeScale,
    cpuSlowdown: cpuSlowdownFlag() ?? d.cpuSlowdown,
    ...(flag('trace-dir') ? { traceDir: flag('trace-dir') } : {}),
  };
}

/** `--export-only`: the million-response export alone, on SQLite or a PostgreSQL URL. */
async function exportOnly(): Promise<void> {
  const formats = flag('formats')?.split(',') as delphi.ExportFormat[] | undefined;
  const databaseUrl = flag('database-url');
  const profileDir = flag('cpu-prof-dir');
  const exports = await measureMillionExport({
    responses: Number(flag('responses') ?? 1_000_000),
    ...(formats ? { formats } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
  });
  printExports(exports);
}

/** `--log-response-only`: /health, logResponse and its batch form (logRecords) on one fresh server, as the full bench measures them. */
async function logResponseOnly(): Promise<void> {
  const profileDir = flag('cpu-prof-dir');
  // `--port=N`: a fixed port (e.g. one reserved on a shared machine); by default the OS picks one.
  const port = flag('port');
  const server = await startServer({ LOG_LEVEL: 'silent', ...(port ? { PORT: port } : {}) }, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  try {
    // Server CPU per request (user + system, from /proc): on a shared machine the rates follow
    // whatever else runs, the CPU a call costs much less so (ADR 006).
    const cpu = async () => {
      const fields = (await readFile(`/proc/${server.pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
    };
    let before = await cpu();
    const health = await measureHealth(server);
    const healthCpu = (await cpu()) - before;
    before = await cpu();
    const logResponse = await measureLogResponse(server.port);
    const logCpu = (await cpu()) - before;
    before = await cpu();
    const logRecords = await measureLogRecords(server.port);
    const recordsCpu = (await cpu()) - before;
    printDelphi(health, logResponse, []);
    printLogRecords(health, logRecords);
    const healthRequests = health.requestsPerSecond * health.durationSeconds;
    console.log(
      `server CPU per request: /health ${Math.round(healthCpu / healthRequests)} µs, logResponse ${Math.round(logCpu / logResponse.ok2xx)} µs, ` +
        `logRecords ${Math.round(recordsCpu / Math.max(1, logRecords.acknowledged))} µs per record ` +
        `(includes the setup calls before autocannon; clock ticks of 10 ms)`,
    );
  } finally {
    await server.stop();
  }
}

/** `--interaction-only`: the phone's taps alone (issue 23). */
async function interactionOnly(): Promise<void> {
  const options = interactionOptions();
  // `--port=N`: a fixed port (e.g. one reserved on a shared machine); by default the OS picks one.
  const port = flag('port');
  const server = await startServer({ LOG_LEVEL: 'silent', GAME_TIME_SCALE: String(options.gameTimeScale), ...(port ? { PORT: port } : {}) });
  try {
    const results = await runInteractionBench(server.port, options);
    printInteraction(results);
    await writeInteraction(RESULTS_DIR, results);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--export-only')) return exportOnly();
  if (process.argv.includes('--log-response-only')) return logResponseOnly();
  if (process.argv.includes('--interaction-only')) return interactionOnly();
  if (process.argv.includes('--lighthouse-only')) return lighthouseOnly();
  if (process.argv.includes('--pages-only')) return pagesOnly();
  if (process.argv.includes('--creavisions-only')) return runCreavisionsBench();
  if (process.argv.includes('--retrieval-only')) return runRetrievalBench();
  if (process.argv.includes('--ingest-only')) return ingestOnly();
  if (process.argv.includes('--study-day')) return studyDayBench(RESULTS_DIR);
  if (process.argv.includes('--displays-only')) return benchDisplays(RESULTS_DIR);
  if (process.argv.includes('--funnel-only')) return void (await benchFunnel());
  if (process.argv.includes('--workbench-only')) return void (await runWorkbenchBench(RESULTS_DIR, Number(flag('responses') ?? 1_000_000)));
  const skipPages = process.argv.includes('--skip-pages');
  const server = await startServer({ LOG_LEVEL: 'silent', GAME_TIME_SCALE: String(DEFAULT_INTERACTION_OPTIONS.gameTimeScale) });
  try {
    const pages = skipPages ? [] : await measurePages(server);
    const lighthouse = skipPages ? [] : await runLighthouse(server.port);
    const interaction = skipPages ? null : await runInteractionBench(server.port);
    const health = await measureHealth(server);
    const logResponse = await measureLogResponse(server.port);
    await benchWordLinks(server.port);
    if (!skipPages) {
      // A run without the browser part leaves the last full foundation figures in place.
      printPages(pages);
      printLighthouse(lighthouse);
      if (interaction) printInteraction(interaction);
      console.log('GET /api/v1/health, autocannon, 50 connections, 10 s');
      console.table([{ 'req/s': health.requestsPerSecond, 'p50 ms': health.latencyP50Ms, 'p99 ms': health.latencyP99Ms, non2xx: health.non2xx, errors: health.errors }]);
      await mkdir(RESULTS_DIR, { recursive: true });
      const file = join(RESULTS_DIR, 'foundation.json');
      await writeFile(file, JSON.stringify({ measuredAt: new Date().toISOString(), pages, health }, null, 2) + '\n');
      console.log(`written ${file}`);
      await writeLighthouse(lighthouse);
      if (interaction) await writeInteraction(RESULTS_DIR, interaction);
    }
    await server.stop();
    const exports = await measureMillionExport();
    await mkdir(RESULTS_DIR, { recursive: true });
    const delphiFile = join(RESULTS_DIR, 'delphi.json');
    printDelphi(health, logResponse, exports);
    await writeFile(delphiFile, JSON.stringify({ measuredAt: new Date().toISOString(), health, logResponse, exports }, null, 2) + '\n');
    console.log(`written ${delphiFile}`);
    await runRetrievalBench();
    await runCreavisionsBench();
    await benchFunnel();
    await runWorkbenchBench(RESULTS_DIR);
  } finally {
    await server.stop();
  }
}

await main();

/**
 * Lighthouse 12 on every sub-app home (issue 10): mobile preset (Lighthouse's default config:
 * simulated slow 4G, 4× CPU slow-down, Moto G Power screen), cold cache, against the real
 * server. Prints the figures beside the targets of ADR 012 and writes bench/results/lighthouse.json.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import lighthouse from 'lighthouse';
import { APP_IDS, type AppId } from '@chi/contract';
import { appUrl } from '../e2e/support/server';
import { launchDebuggingChromium } from './support/debugging-chromium';

/** ADR 012: every home, and they must stay true as later apps land. */
export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  lcpMs: 2_000,
} as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface LighthouseFigures {
  app: AppId;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  clsScore: number;
  fcpMs: number;
  /** Bytes on the wire of every request of the load (Lighthouse's total-byte-weight). */
  transferredBytes: number;
  requests: number;
  meetsTargets: boolean;
  /** Every run's performance score; the row's figures are those of the median run. */
  runs: number[];
  /** The machine's 1-minute load average before and after this home's runs: simulated timings scale with CPU contention. */
  loadAverage: [number, number];
  /** Titles of the audits that cost points in accessibility and best practices, and the biggest performance losses. */
  findings: string[];
  /**
   * Lighthouse's estimate of this machine's CPU power (`lhr.environment.benchmarkIndex`; its
   * docs/throttling.md: high-end desktop 1500–2000, low-end desktop 1000–1500, mid-tier mobile
   * 125–800). The 4× slow-down is calibrated for a high-end desktop, so below ~1000 the simulated
   * phone is slower than Lighthouse's reference one and the main-thread figures (TBT) grow with it.
   */
  benchmarkIndex: number;
  /**
   * The main thread's long tasks as Lighthouse simulated them (4× CPU), in start order: when each
   * started, how long it took, the script it is attributed to and where its time went (script
   * evaluation, style and layout, …). TBT is the sum of `durationMs - 50` over those after FCP.
   */
  longTasks: LongTask[];
  /** Main-thread time per script (Lighthouse's bootup-time, simulated), the costliest first. */
  scripts: { url: string; totalMs: number; scriptingMs: number; parseCompileMs: number }[];
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  url: string;
  /** Time by Lighthouse's task group (scriptEvaluation, styleLayout, parseHTML, …), simulated. */
  groups: Record<string, number>;
}

/** The api sub-app's home is its landing page at /api (SPEC §2); every other home is /. */
export function homeUrl(port: number, app: AppId): string {
  return appUrl(port, app, app === 'api' ? '/api' : '/');
}

function score(category: { score: number | null } | undefined): number {
  return Math.round((category?.score ?? 0) * 100);
}

/** The 1-minute load average (Linux), NaN elsewhere. */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
}

/**
 * Every home by default; a few named ones while iterating on one. Each home is measured `runs`
 * times and reported by its median run (by performance score): on a shared machine one run says
 * little.
 */
export async function runLighthouse(
  port: number,
  apps: readonly AppId[] = APP_IDS,
  runs = 1,
  /** Where to write each run's Chrome trace (`<app>-<run>.trace.json`, opens in DevTools' Performance panel). */
  traceDir?: string,
): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const app of apps) {
    const before = loadAverage();
    const rows: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run += 1) {
      // On a loaded machine Lighthouse sometimes times out talking to Chromium: that run is
      // tried once more, then left out (and said so), rather than losing every other figure.
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        try {
          rows.push(await measureOnce(port, app, traceDir ? join(traceDir, `${app}-${run + 1}.trace.json`) : undefined));
          break;
        } catch (error) {
          console.warn(`Lighthouse run ${run + 1} of ${app}, attempt ${attempt}, failed: ${(error as Error).message}`);
        }
      }
    }
    rows.sort((a, b) => a.performance - b.performance);
    const median = rows[Math.floor((rows.length - 1) / 2)];
    if (!median) continue;
    const row: LighthouseFigures = { ...median, runs: rows.map((r) => r.performance), loadAverage: [before, loadAverage()] };
    figures.push(row);
    // As each home finishes: a long run that is stopped still leaves its figures.
    console.log(
      `${app}: perf ${row.performance} (runs ${row.runs.join(' ')}), FCP ${row.fcpMs} ms, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, ` +
        `CLS ${row.clsScore}, a11y ${row.accessibility}, best practices ${row.bestPractices}, load ${row.loadAverage.join("→")}, CPU index ${row.benchmarkIndex}`,
    );
  }
  return figures;
}

/** One cold load in a fresh Chromium (its own profile, so nothing is cached). */
async function measureOnce(port: number, app: AppId, traceFile?: string): Promise<LighthouseFigures> {
  const chromium = await launchDebuggingChromium();
  try {
    const url = homeUrl(port, app);
    const result = await lighthouse(url, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (traceFile) {
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      await mkdir(dirname(traceFile), { recursive: true });
      await writeFile(traceFile, JSON.stringify(trace));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id];
    const numeric = (id: string) => audit(id)?.numericValue ?? NaN;
    const findings: string[] = [];
    for (const id of ['accessibility', 'best-practices'] as const) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const a = audit(ref.id);
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) findings.push(`${id}: ${a.title}`);
      }
    }
    for (const ref of lhr.categories.performance?.auditRefs ?? []) {
      const a = audit(ref.id);
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) findings.push(`performance: ${a.title} (${a.displayValue ?? a.score})`);
    }
    const row: LighthouseFigures = {
      app,
      url,
      longTasks: longTasks(audit('long-tasks')?.details),
      scripts: ((audit('bootup-time')?.details as { items?: BootupItem[] } | undefined)?.items ?? []).map((item) => ({
        url: shortUrl(item.url),
        totalMs: Math.round(item.total),
        scriptingMs: Math.round(item.scripting),
        parseCompileMs: Math.round(item.scriptParseCompile),
      })),
      performance: score(lhr.categories.performance),
      accessibility: score(lhr.categories.accessibility),
      bestPractices: score(lhr.categories['best-practices']),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      clsScore: Number(numeric('cumulative-layout-shift').toFixed(3)),
      fcpMs: Math.round(numeric('first-contentful-paint')),
      transferredBytes: Math.round(numeric('total-byte-weight')),
      requests: (audit('network-requests')?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
      meetsTargets: false,
      runs: [],
      loadAverage: [NaN, NaN],
      findings,
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    };
    row.meetsTargets =
      row.performance >= LIGHTHOUSE_TARGETS.performance &&
      row.accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
      row.bestPractices >= LIGHTHOUSE_TARGETS.bestPractices &&
      row.lcpMs <= LIGHTHOUSE_TARGETS.lcpMs;
    return row;
  } finally {
    await chromium.close();
  }
}

interface BootupItem {
  url: string;
  total: number;
  scripting: number;
  scriptParseCompile: number;
}

/** The file name of an asset (`client-n-sFg2LC.js`), the path of anything else. */
function shortUrl(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.startsWith('/assets/') ? pathname.slice('/assets/'.length) : pathname;
  } catch {
    return url;
  }
}

/** The long-tasks audit's table joined with its debug data (the time of each task by group). */
function longTasks(details: unknown): LongTask[] {
  const table = details as
    | { items?: { url: string; duration: number; startTime: number }[]; debugData?: { urls?: string[]; tasks?: Record<string, number>[] } }
    | undefined;
  const debug = table?.debugData;
  const tasks = (debug?.tasks ?? []).map(({ urlIndex, startTime, duration, ...groups }) => ({
    startMs: Math.round(startTime ?? 0),
    durationMs: Math.round(duration ?? 0),
    url: shortUrl(debug?.urls?.[urlIndex ?? -1] ?? ''),
    groups: Object.fromEntries(Object.entries(groups).map(([group, ms]) => [group, Math.round(ms)])),
  }));
  return tasks.sort((a, b) => a.startMs - b.startMs);
}

/** `--details`: each home's long tasks and the main-thread time per script, to see what TBT is made of. */
export function printLighthouseDetails(figures: readonly LighthouseFigures[]): void {
  for (const f of figures) {
    console.log(`\n${f.app}: long tasks of the median run (simulated 4× CPU; TBT ${f.tbtMs} ms, FCP ${f.fcpMs} ms)`);
    console.table(
      f.longTasks.map((t) => ({
        'start ms': t.startMs,
        'ms': t.durationMs,
        script: t.url,
        'where (ms)': Object.entries(t.groups)
          .filter(([, ms]) => ms >= 5)
          .map(([group, ms]) => `${group} ${ms}`)
          .join(', '),
      })),
    );
    console.log(`${f.app}: main-thread time per script (bootup-time, simulated)`);
    console.table(f.scripts.slice(0, 12));
  }
}

export function printLighthouse(figures: readonly LighthouseFigures[]): void {
  console.log('\nLighthouse 12, mobile preset (simulated slow 4G, 4× CPU), cold load of each home (median run; load = 1-min load average before→after)');
  console.table(
    figures.map((f) => ({
      home: f.url.replace(/^http:\/\//, ''),
      perf: f.performance,
      a11y: f.accessibility,
      'best pr.': f.bestPractices,
      'LCP s': (f.lcpMs / 1000).toFixed(2),
      'TBT ms': f.tbtMs,
      CLS: f.clsScore,
      'FCP s': (f.fcpMs / 1000).toFixed(2),
      'on wire': `${(f.transferredBytes / 1024).toFixed(1)} KB`,
      requests: f.requests,
      runs: f.runs.join(' '),
      'CPU index': f.benchmarkIndex,
      load: f.loadAverage.map((l) => l.toFixed(1)).join('→'),
      targets: f.meetsTargets ? 'met' : 'MISSED',
    })),
  );
  console.log(
    `targets: performance ≥ ${LIGHTHOUSE_TARGETS.performance}, accessibility ${LIGHTHOUSE_TARGETS.accessibility}, ` +
      `best practices ≥ ${LIGHTHOUSE_TARGETS.bestPractices}, LCP ≤ ${LIGHTHOUSE_TARGETS.lcpMs / 1000} s`,
  );
  for (const f of figures.filter((x) => x.findings.length > 0)) {
    console.log(`${f.app}: ${f.findings.join('; ')}`);
  }
}

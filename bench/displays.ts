/**
 * `npm run bench -- --displays-only` (issue 28 item 6, ADR 062): timed displays, planned against
 * actual, in headless Chromium at real time (GAME_TIME_SCALE 1). A participant plays Color
 * Catch's practice (ready line 800 ms, discs 750 ms on, blanks 250 ms) and Mime Mix's practice
 * (fixation 300 ms, cue 1000 ms, the face's 6000 ms time limit: the first two faces are left to
 * time out) and Morning Memo's background recording (10 s, ended by its timer; Chromium's fake
 * microphone); the bench reads what the games logged (the prompts' and responses' display
 * attributes, as the server accepted them: status 200) and prints, per display type, the plan,
 * the actual durations and their largest deviation in frames, dropped frames and the frame
 * interval. Target: every actual within one frame of plan. Written to bench/results/displays.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { fakeMicrophone } from '../e2e/support/fake-microphone';

interface Logged {
  kind: 'logPrompt' | 'logResponse';
  status: number;
  attributes: Record<string, unknown>;
}

interface Sample {
  plannedMs: number;
  shownMs: number;
  droppedFrames: number;
  frameIntervalMs: number;
}

interface DisplayRow {
  display: string;
  count: number;
  plannedMs: number;
  minShownMs: number;
  maxShownMs: number;
  /** The largest |actual − plan|, in frames of the interval it was counted in. */
  maxDeviationFrames: number;
  withinOneFrame: boolean;
  /** The same over the displays during which the browser dropped no frame (what the scheduler controls). */
  undropped: number;
  undroppedMaxDeviationFrames: number | null;
  droppedFrames: number;
  frameIntervalMs: number;
}

function record(page: Page, logged: Logged[]): void {
  page.on('requestfinished', (request) => {
    const match = /\/action\/(logPrompt|logResponse)/.exec(request.url());
    if (!match || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { attributes?: Record<string, unknown> };
    void request.response().then((response) => logged.push({ kind: match[1] as Logged['kind'], status: response?.status() ?? 0, attributes: body.attributes ?? {} }));
  });
}

async function playColorCatchPractice(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('link', { name: 'Play Color Catch' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Start the practice' }).click();
  // Any cell answers a probe: the displays, not the answers, are measured here.
  while ((await page.getByRole('button', { name: 'Start the game' }).count()) === 0) {
    const probe = await page.locator('[data-probe]').getAttribute('data-probe', { timeout: 20_000 }).catch(() => null);
    if (probe) await page.locator('[role="group"] [data-cell="0"]').click({ timeout: 2_000 }).catch(() => undefined);
    await page.waitForTimeout(50);
  }
}

async function playMimeMixPractice(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('link', { name: 'Play Mime Mix' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Start the practice round' }).click();
  const answered = new Set<string>();
  let faces = 0;
  while (new URL(page.url()).pathname === '/MimeMix/TutorialInfo2') {
    const trial = await page.locator('svg[data-trial][data-ready="true"]').getAttribute('data-trial', { timeout: 1_000 }).catch(() => null);
    if (!trial || answered.has(trial)) continue;
    answered.add(trial);
    faces += 1;
    // The first two faces time out (the 6 s limit is the display measured); the others are answered.
    if (faces > 2) await page.keyboard.press('1');
  }
}

async function recordMemoBackground(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('link', { name: 'Play Morning Memo' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Allow the microphone' }).click();
  const next = page.getByRole('button', { name: 'Continue' });
  for (let i = 0; i < 100 && !(await next.isEnabled()); i++) await page.waitForTimeout(100);
  await next.click();
  await page.getByRole('button', { name: 'Record background noise' }).click();
  await page.getByText('Background noise recorded.').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1_000);
}

/** |actual − plan| in frames; 0.05 frame of slack for Chromium's 0.1 ms coarsening of frame times (16.7 vs 16.667). */
const framesOff = (s: Sample) => Math.max(0, Math.abs(s.shownMs - s.plannedMs) / s.frameIntervalMs - 0.05);

function summarise(display: string, samples: Sample[]): DisplayRow {
  const interval = samples.reduce((sum, s) => sum + s.frameIntervalMs, 0) / Math.max(1, samples.length);
  const deviation = Math.max(0, ...samples.map(framesOff));
  const undropped = samples.filter((s) => s.droppedFrames === 0);
  return {
    display,
    count: samples.length,
    plannedMs: samples[0]?.plannedMs ?? 0,
    minShownMs: Math.min(...samples.map((s) => s.shownMs)),
    maxShownMs: Math.max(...samples.map((s) => s.shownMs)),
    maxDeviationFrames: Math.round(deviation * 100) / 100,
    withinOneFrame: deviation <= 1,
    undropped: undropped.length,
    undroppedMaxDeviationFrames: undropped.length === 0 ? null : Math.round(Math.max(...undropped.map(framesOff)) * 100) / 100,
    droppedFrames: samples.reduce((sum, s) => sum + s.droppedFrames, 0),
    frameIntervalMs: Math.round(interval * 1000) / 1000,
  };
}

const num = (value: unknown) => (typeof value === 'number' ? value : NaN);

/** The display samples in what was logged: each prompt's own display and those before it, each timed-out face. */
function samplesOf(logged: Logged[]): Map<string, Sample[]> {
  const byDisplay = new Map<string, Sample[]>();
  const add = (display: string, sample: Sample) => byDisplay.set(display, [...(byDisplay.get(display) ?? []), sample]);
  for (const { kind, attributes: a } of logged) {
    const interval = num(a.frameIntervalMs);
    if (kind === 'logPrompt' && a.kind === 'flash') add('Color Catch disc', { plannedMs: num(a.plannedMs), shownMs: num(a.shownMs), droppedFrames: num(a.droppedFrames), frameIntervalMs: interval });
    if (kind === 'logResponse' && a.kind === 'background' && typeof a.shownMs === 'number')
      add('Morning Memo background timer', { plannedMs: num(a.plannedMs), shownMs: num(a.shownMs), droppedFrames: num(a.droppedFrames), frameIntervalMs: interval });
    if (kind === 'logResponse' && a.timedOut === true) add('Mime Mix face time-out', { plannedMs: num(a.plannedMs), shownMs: num(a.shownMs), droppedFrames: num(a.droppedFrames), frameIntervalMs: interval });
    // The displays before a prompt (a Mime Mix response repeats its face's: counted once, from the prompt).
    if (kind !== 'logPrompt') continue;
    for (const [prefix, display] of [
      ['ready', 'Color Catch ready line'],
      ['blank', 'Color Catch blank'],
      ['fixation', 'Mime Mix fixation'],
      ['cue', 'Mime Mix cue'],
    ] as const) {
      if (typeof a[`${prefix}ShownMs`] !== 'number') continue;
      // A preceding display carries no interval of its own: the prompt's, else 60 Hz.
      add(display, { plannedMs: num(a[`${prefix}PlannedMs`]), shownMs: num(a[`${prefix}ShownMs`]), droppedFrames: num(a[`${prefix}DroppedFrames`]), frameIntervalMs: Number.isNaN(interval) ? 1000 / 60 : interval });
    }
  }
  return byDisplay;
}

export async function benchDisplays(resultsDir: string): Promise<void> {
  const server = await startServer({ GAME_TIME_SCALE: '1' });
  const browser = await launchBrowser();
  const logged: Logged[] = [];
  try {
    const { context, page } = await newPage(browser);
    record(page, logged);
    await playColorCatchPractice(page, server.url('delphi', '/?participantId=BENCH-CC'));
    await context.close();
    const mime = await newPage(browser);
    record(mime.page, logged);
    await playMimeMixPractice(mime.page, server.url('delphi', '/?participantId=BENCH-MM'));
    await mime.page.waitForTimeout(1_000);
    await mime.context.close();
  } finally {
    await browser.close();
  }
  const microphone = await fakeMicrophone(-20);
  const memoBrowser = await launchBrowser(microphone.args);
  try {
    const memo = await newPage(memoBrowser);
    record(memo.page, logged);
    await recordMemoBackground(memo.page, server.url('delphi', '/?participantId=BENCH-MEMO'));
    await memo.context.close();
  } finally {
    await memoBrowser.close();
    await microphone.dispose();
    await server.stop();
  }
  const rows = [...samplesOf(logged)].map(([display, samples]) => summarise(display, samples));
  const refused = logged.filter((l) => l.status !== 200).length;
  console.log('\nTimed displays, planned vs actual (headless Chromium, GAME_TIME_SCALE 1)');
  console.table(rows);
  console.log(
    `${logged.length} records logged, ${refused} refused by the server; every actual within one frame of plan: ${rows.every((r) => r.withinOneFrame)}; ` +
      `of those shown without a dropped frame: ${rows.every((r) => (r.undroppedMaxDeviationFrames ?? 0) <= 1)} (load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`,
  );
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, 'displays.json'), JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage: loadavg()[0], cores: cpus().length, records: logged.length, refused, displays: rows }, null, 2) + '\n');
}

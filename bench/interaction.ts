/**
 * `npm run bench -- --interaction-only` (issue 23): what a person feels on a phone, which
 * Lighthouse never measures because it never taps. On the emulated phone of
 * `support/phone.ts` (390×844 touch; throttled: 150 ms round trip, 1.6 Mbit/s, and the CPU of
 * Lighthouse's reference phone, the slow-down calibrated to this host by default, or a fixed
 * `cpuSlowdown` such as Lighthouse's 4×: ADR 076), and unthrottled for comparison:
 * - every home (a fresh context each run: a first visit), read for 1 s and for 4 s, then the
 *   header's **Log in** tapped: tap → the login dialog's e-mail field painted; with
 *   `secondVisit`, the same home opened again in the same context (its HTTP cache, and a
 *   service worker if there is one) after 1 s of reading;
 * - the delphi participant's first screens (`/?participantId=…`): the hub's **Play Quiz Time**
 *   → the game's page painted, then its **Start** → the first question painted;
 * - inside Quiz Time and Flash Match (issue item 3): a response tap → the response taken off
 *   the screen (the blank painted), and → the next question or stimulus painted, less the
 *   game's own blank interval (300 ms and 400 ms at GAME_TIME_SCALE 1).
 * Times run from the tap's event `timeStamp` to the frame that painted the result
 * (`support/paint-probe.ts`); each figure is the median and the worst of `runs` runs. Figures
 * only, nothing passes or fails; targets (issue 23): first tap ≤ 200 ms median and ≤ 300 ms
 * worst throttled, ≤ 100 ms unthrottled; a game's next screen ≤ 100 ms throttled.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { APP_IDS, type AppId } from '@chi/contract';
import { FLASH_INTER_TRIAL_MS } from '../apps/web/src/apps/delphi/games/flash-match/flash-config';
import { QUIZ_INTER_QUESTION_MS } from '../apps/web/src/apps/delphi/games/quiz-time/quiz-config';
import { launchBrowser } from '../e2e/support/browser';
import { appUrl } from '../e2e/support/server';
import { loadAverage } from './lighthouse';
import { addPaintProbe, tapUntilPainted, type PaintCondition, type TapTiming } from './support/paint-probe';
import { summariseTapTrace, traceAround, type TapTraceSummary } from './support/tap-trace';
import { calibrateCpuSlowdown, type CpuCalibration } from './support/cpu-calibration';
import { newPhoneContext, newPhonePage, PHONE_SCREEN, PHONE_THROTTLING, type Throttle } from './support/phone';

/** The homes with a header Log in (the api landing has none). */
export const TAP_HOMES = APP_IDS.filter((app): app is Exclude<AppId, 'api'> => app !== 'api');

export const INTERACTION_TARGETS = {
  phone: { medianMs: 200, worstMs: 300, gameNextMs: 100 },
  none: { medianMs: 100 },
} as const;

export interface InteractionOptions {
  runs: number;
  homes: readonly AppId[];
  readingMs: readonly number[];
  throttles: readonly Throttle[];
  /** The homes opened a second time in the same context (after 1 s of reading). */
  secondVisit: boolean;
  /** The delphi participant's hub → Play → Start. */
  participant: boolean;
  /** Response taps inside Quiz Time and Flash Match. */
  games: boolean;
  /** Responses timed per game and run. */
  gameResponses: number;
  /** The server's GAME_TIME_SCALE (the games' blank intervals scale with it). */
  gameTimeScale: number;
  /** Where to keep a Chrome trace of every timed tap (`<label>.trace.json`); each is also summarised (`support/tap-trace.ts`). */
  traceDir?: string;
  /** The phone's CPU slow-down: calibrated to this host's CPU (`support/cpu-calibration.ts`), or a fixed rate (Lighthouse's is 4). */
  cpuSlowdown: number | 'calibrated';
}

export const DEFAULT_INTERACTION_OPTIONS: InteractionOptions = {
  runs: 5,
  homes: TAP_HOMES,
  readingMs: [1_000, 4_000],
  throttles: ['phone', 'none'],
  secondVisit: true,
  participant: true,
  games: true,
  gameResponses: 5,
  gameTimeScale: 1,
  cpuSlowdown: 'calibrated',
};

export interface Figures {
  medianMs: number;
  worstMs: number;
}

export interface TapRow extends Partial<Figures> {
  /** A home (`app`, `delphi`, …) or `delphi participant`. */
  page: string;
  tap: string;
  throttle: Throttle;
  readingMs: number;
  visit: 'first' | 'second';
  /** Tap → the presentation of the frame that painted the result, one per successful run, ms. */
  samplesMs: number[];
  /** Tap → the first task posted from that frame ran (ADR 060's first ruler: after whatever was queued before it, sometimes before the presentation), per run, ms. */
  taskAfterMs: number[];
  /** Event Timing's duration of the tap (INP-style: to the next paint after its handlers), per run; null under 16 ms. */
  eventMs: (number | null)[];
  /** Runs in which the result was not painted within the time limit (or the page failed). */
  failures: number;
}

export interface GameRow {
  game: 'Quiz Time' | 'Flash Match';
  throttle: Throttle;
  /** The game's own blank between a response and the next screen, as scaled. */
  blankMs: number;
  /** Response tap → the response taken off the screen (the blank painted). */
  ackMs: number[];
  /** Response tap → the next screen painted, less `blankMs`. */
  nextMs: number[];
  ack?: Figures;
  next?: Figures;
  failures: number;
}

export interface InteractionResults {
  measuredAt: string;
  conditions: {
    screen: typeof PHONE_SCREEN;
    throttling: Omit<typeof PHONE_THROTTLING, 'cpuSlowdown'> & { cpuSlowdown: number };
    /** How the phone's CPU slow-down was found on this host; null for a fixed rate. */
    cpuCalibration: CpuCalibration | null;
    /** The throttles measured ('phone', 'none'): the phone's conditions apply only where 'phone' is one. */
    throttles: readonly Throttle[];
    runs: number;
    /** 1-minute load average before → after: a shared machine's figures scale with it. */
    loadAverage: [number, number];
  };
  taps: TapRow[];
  games: GameRow[];
  /** With `traceDir`: what the main thread did from each tap to its result's frame. */
  traces: { label: string; paintedMs: number; summary: TapTraceSummary | null }[];
}

/** Taps `target` and waits for `conditions` painted (`tapUntilPainted`); traced when the bench keeps traces. */
type Tap = (page: Page, target: Locator, conditions: PaintCondition[], label: string) => Promise<TapTiming>;

function tapper(traceDir: string | undefined, traces: InteractionResults['traces']): Tap {
  if (!traceDir) return (page, target, conditions) => tapUntilPainted(page, target, conditions, TAP_TIMEOUT_MS);
  let n = 0;
  return async (page, target, conditions, label) => {
    n += 1;
    const name = `${String(n).padStart(3, '0')}-${label.replace(/[^a-z0-9]+/gi, '-')}`;
    await mkdir(traceDir, { recursive: true });
    const { result, events } = await traceAround(page, join(traceDir, `${name}.trace.json`), () => tapUntilPainted(page, target, conditions, TAP_TIMEOUT_MS));
    const paintedMs = Math.max(...result.paintedMs);
    traces.push({ label: name, paintedMs: Math.round(paintedMs), summary: summariseTapTrace(events, paintedMs) });
    return result;
  };
}

const LOGIN_BUTTON = { role: 'button', name: 'Log in' } as const;
// The field the person sees: the prerendered page's own login dialog (a native <dialog>, ADR 075)
// until the live page is in, then the live Modal's. Either counts once it is laid out and visible.
const EMAIL_FIELD: PaintCondition = { selector: '[role="dialog"] input[type="email"], dialog[open] input[type="email"]' };
const TAP_TIMEOUT_MS = 30_000;
const LOAD_TIMEOUT_MS = 60_000;

function figures(samples: readonly number[]): Figures | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { medianMs: Math.round(median), worstMs: Math.round(sorted[sorted.length - 1] as number) };
}

/** A first (or second) visit of a home: load, read, tap Log in. */
async function homeTap(context: BrowserContext, url: string, throttle: Throttle, cpuSlowdown: number, readingMs: number, tap: Tap, label: string): Promise<TapTiming> {
  const page = await newPhonePage(context, throttle, cpuSlowdown);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    const login = page.locator('header').getByRole(LOGIN_BUTTON.role, { name: LOGIN_BUTTON.name, exact: true }).filter({ visible: true }).first();
    await login.waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
    await page.waitForTimeout(readingMs);
    return await tap(page, login, [EMAIL_FIELD], label);
  } finally {
    await page.close();
  }
}

const participantId = (label: string) => `bench-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

async function openHub(context: BrowserContext, port: number, throttle: Throttle, cpuSlowdown: number, label: string): Promise<Page> {
  const page = await newPhonePage(context, throttle, cpuSlowdown);
  await page.goto(appUrl(port, 'delphi', `/?participantId=${participantId(label)}`), { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
  return page;
}

/** The participant's hub → Play Quiz Time → Start, each after the reading time, recorded as they come. */
async function participantTaps(page: Page, readingMs: number, rows: { play: TapRow; start: TapRow }, tap: Tap, label: string): Promise<void> {
  const play = page.getByRole('link', { name: 'Play Quiz Time', exact: true });
  await play.waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
  await page.waitForTimeout(readingMs);
  record(rows.play, await tap(page, play, [{ selector: 'h1', text: 'Quiz Time' }], `${label}-play`));
  const start = page.getByRole('button', { name: 'Start', exact: true });
  await start.waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
  await page.waitForTimeout(readingMs);
  record(rows.start, await tap(page, start, [{ selector: '#quiz-question-0' }], `${label}-start`));
}

/** Quiz Time from its first question: `responses` answers, each timed to the blank and to the next question. */
async function quizResponses(page: Page, responses: number, blankMs: number, tap: Tap, label: string): Promise<{ ack: number; next: number }[]> {
  await page.getByRole('link', { name: 'Play Quiz Time', exact: true }).tap({ timeout: LOAD_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Start', exact: true }).tap({ timeout: LOAD_TIMEOUT_MS });
  const out: { ack: number; next: number }[] = [];
  for (let i = 0; i < responses; i += 1) {
    // The options are enabled (data-ready) once the question's onset frame is painted.
    const option = page.locator(`[aria-labelledby="quiz-question-${i}"] button[data-ready="true"]`).nth(i % 4);
    await option.waitFor({ state: 'visible', timeout: TAP_TIMEOUT_MS });
    const timing = await tap(page, option, [{ selector: `#quiz-question-${i}`, absent: true }, { selector: `#quiz-question-${i + 1}` }], `${label}-${i}`);
    out.push({ ack: timing.paintedMs[0] as number, next: (timing.paintedMs[1] as number) - blankMs });
  }
  return out;
}

/** Flash Match's first search block: `responses` answers (the right one), each timed to the fixation cross and to the next stimulus. */
async function flashResponses(page: Page, responses: number, blankMs: number, tap: Tap, label: string): Promise<{ ack: number; next: number }[]> {
  await page.getByRole('link', { name: 'Play Flash Match', exact: true }).tap({ timeout: LOAD_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Start', exact: true }).tap({ timeout: LOAD_TIMEOUT_MS });
  await page.waitForURL((url) => url.pathname === '/FlashMatch/SearchIntro', { timeout: TAP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Continue', exact: true }).tap({ timeout: TAP_TIMEOUT_MS });
  await page.waitForURL((url) => url.pathname === '/FlashMatch/Search', { timeout: TAP_TIMEOUT_MS });
  const answers = page.getByRole('group', { name: 'Your answer' });
  const out: { ack: number; next: number }[] = [];
  for (let i = 0; i < responses; i += 1) {
    const stimulus = page.locator(`[aria-label="Stimulus"][data-trial="${i}"][data-ready="true"]`);
    await stimulus.waitFor({ state: 'visible', timeout: TAP_TIMEOUT_MS });
    const text = ((await stimulus.textContent()) ?? '').trim();
    const button = answers.getByRole('button', { name: text === '3' ? '3' : 'not 3', exact: true });
    const timing = await tap(
      page,
      button,
      [
        { selector: `[aria-label="Stimulus"][data-trial="${i}"]`, text: '+' },
        { selector: `[aria-label="Stimulus"][data-trial="${i + 1}"]`, notText: '+' },
      ],
      `${label}-${i}`,
    );
    out.push({ ack: timing.paintedMs[0] as number, next: (timing.paintedMs[1] as number) - blankMs });
  }
  return out;
}

/** Runs `measure` in a fresh phone context (probe installed), closing it whatever happens. */
async function inFreshContext<T>(browser: Browser, measure: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await newPhoneContext(browser);
  try {
    await addPaintProbe(context);
    return await measure(context);
  } finally {
    await context.close();
  }
}

function row(page: string, tap: string, throttle: Throttle, readingMs: number, visit: TapRow['visit']): TapRow {
  return { page, tap, throttle, readingMs, visit, samplesMs: [], taskAfterMs: [], eventMs: [], failures: 0 };
}

function record(target: TapRow, timing: TapTiming): void {
  target.samplesMs.push(Math.round(timing.paintedMs[0] as number));
  target.taskAfterMs.push(Math.round(timing.taskAfterMs[0] as number));
  target.eventMs.push(timing.eventMs === null ? null : Math.round(timing.eventMs));
}

function failed(what: string, error: unknown): void {
  console.warn(`  ${what} failed: ${(error as Error).message.split('\n')[0]}`);
}

/** Every home's Log in, `runs` times per reading time (and the second visit after the first reading time). */
async function measureHomes(browser: Browser, port: number, throttle: Throttle, options: PhoneOptions, tap: Tap): Promise<TapRow[]> {
  const rows: TapRow[] = [];
  for (const app of options.homes) {
    for (const readingMs of options.readingMs) {
      const first = row(app, 'Log in → e-mail field', throttle, readingMs, 'first');
      const second = options.secondVisit && readingMs === options.readingMs[0] ? row(app, 'Log in → e-mail field', throttle, readingMs, 'second') : null;
      for (let run = 0; run < options.runs; run += 1) {
        const done = [first.samplesMs.length, second?.samplesMs.length ?? 0];
        try {
          await inFreshContext(browser, async (context) => {
            const url = appUrl(port, app, '/');
            const label = `${app}-${throttle}-read${readingMs}-run${run + 1}`;
            record(first, await homeTap(context, url, throttle, options.cpuSlowdown, readingMs, tap, label));
            if (second) record(second, await homeTap(context, url, throttle, options.cpuSlowdown, readingMs, tap, `${label}-second`));
          });
        } catch (error) {
          failed(`${app} ${throttle} ${readingMs} ms run ${run + 1}`, error);
          if (first.samplesMs.length === done[0]) first.failures += 1;
          if (second && second.samplesMs.length === done[1]) second.failures += 1;
        }
      }
      for (const r of second ? [first, second] : [first]) {
        Object.assign(r, figures(r.samplesMs));
        rows.push(r);
        console.log(`${r.page} (${throttle}, read ${readingMs / 1000} s, ${r.visit} visit): ${r.samplesMs.join(' ')} ms (first task after the frame: ${r.taskAfterMs.join(' ')})`);
      }
    }
  }
  return rows;
}

/** The delphi participant's Play and Start, `runs` times per reading time, a new participant each run. */
async function measureParticipant(browser: Browser, port: number, throttle: Throttle, options: PhoneOptions, tap: Tap): Promise<TapRow[]> {
  const rows: TapRow[] = [];
  for (const readingMs of options.readingMs) {
    const play = row('delphi participant', 'hub: Play Quiz Time → game page', throttle, readingMs, 'first');
    const start = row('delphi participant', 'Quiz Time: Start → first question', throttle, readingMs, 'first');
    for (let run = 0; run < options.runs; run += 1) {
      const done = [play.samplesMs.length, start.samplesMs.length];
      try {
        await inFreshContext(browser, async (context) =>
          participantTaps(await openHub(context, port, throttle, options.cpuSlowdown, `${throttle}-${readingMs}-${run}`), readingMs, { play, start }, tap, `participant-${throttle}-read${readingMs}-run${run + 1}`),
        );
      } catch (error) {
        failed(`delphi participant ${throttle} ${readingMs} ms run ${run + 1}`, error);
        if (play.samplesMs.length === done[0]) play.failures += 1;
        if (start.samplesMs.length === done[1]) start.failures += 1;
      }
    }
    for (const r of [play, start]) {
      Object.assign(r, figures(r.samplesMs));
      rows.push(r);
      console.log(`${r.page}, ${r.tap} (${throttle}, read ${readingMs / 1000} s): ${r.samplesMs.join(' ')} ms (first task after the frame: ${r.taskAfterMs.join(' ')})`);
    }
  }
  return rows;
}

/** Response taps inside Quiz Time and Flash Match, `gameResponses` per run, a new participant each run. */
async function measureGames(browser: Browser, port: number, throttle: Throttle, options: PhoneOptions, tap: Tap): Promise<GameRow[]> {
  const rows: GameRow[] = [];
  const plays = [
    ['Quiz Time', QUIZ_INTER_QUESTION_MS, quizResponses],
    ['Flash Match', FLASH_INTER_TRIAL_MS, flashResponses],
  ] as const;
  for (const [game, blank, play] of plays) {
    const blankMs = blank * options.gameTimeScale;
    const r: GameRow = { game, throttle, blankMs, ackMs: [], nextMs: [], failures: 0 };
    for (let run = 0; run < options.runs; run += 1) {
      try {
        const answers = await inFreshContext(browser, async (context) =>
          play(await openHub(context, port, throttle, options.cpuSlowdown, `${game.replace(' ', '')}-${throttle}-${run}`), options.gameResponses, blankMs, tap, `${game.replace(' ', '')}-${throttle}-run${run + 1}`),
        );
        r.ackMs.push(...answers.map((a) => Math.round(a.ack)));
        r.nextMs.push(...answers.map((a) => Math.round(a.next)));
      } catch (error) {
        failed(`${game} ${throttle} run ${run + 1}`, error);
        r.failures += 1;
      }
    }
    r.ack = figures(r.ackMs);
    r.next = figures(r.nextMs);
    rows.push(r);
    console.log(`${game} (${throttle}): blank painted ${r.ackMs.join(' ')} ms; next screen less ${blankMs} ms: ${r.nextMs.join(' ')} ms`);
  }
  return rows;
}

/** The options with the phone's CPU slow-down settled to a rate. */
type PhoneOptions = Omit<InteractionOptions, 'cpuSlowdown'> & { cpuSlowdown: number };

/** Every tap of `options` against the server on `port`, throttled then not; logs each figure as it comes. */
export async function runInteractionBench(port: number, asked: InteractionOptions = DEFAULT_INTERACTION_OPTIONS): Promise<InteractionResults> {
  const before = loadAverage();
  const taps: TapRow[] = [];
  const games: GameRow[] = [];
  const traces: InteractionResults['traces'] = [];
  const tap = tapper(asked.traceDir, traces);
  const browser = await launchBrowser();
  let cpuCalibration: CpuCalibration | null = null;
  let options: PhoneOptions;
  try {
    if (asked.cpuSlowdown === 'calibrated' && asked.throttles.includes('phone')) {
      cpuCalibration = await calibrateCpuSlowdown(browser);
      const c = cpuCalibration;
      console.log(`phone CPU calibrated: host BenchmarkIndex ${c.hostIndex}, ${c.rate}× slow-down → ${c.phoneIndex} (Lighthouse's reference phone ${c.targetIndex})`);
    }
    options = { ...asked, cpuSlowdown: cpuCalibration?.rate ?? (asked.cpuSlowdown === 'calibrated' ? PHONE_THROTTLING.cpuSlowdown : asked.cpuSlowdown) };
    for (const throttle of options.throttles) {
      taps.push(...(await measureHomes(browser, port, throttle, options, tap)));
      if (options.participant) taps.push(...(await measureParticipant(browser, port, throttle, options, tap)));
      if (options.games) games.push(...(await measureGames(browser, port, throttle, options, tap)));
    }
  } finally {
    await browser.close();
  }
  return {
    measuredAt: new Date().toISOString(),
    conditions: {
      screen: PHONE_SCREEN,
      throttling: { ...PHONE_THROTTLING, cpuSlowdown: options.cpuSlowdown },
      cpuCalibration,
      throttles: options.throttles,
      runs: options.runs,
      loadAverage: [before, loadAverage()],
    },
    taps,
    games,
    traces,
  };
}

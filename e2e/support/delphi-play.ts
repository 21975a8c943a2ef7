/** Plays the Delphi games through the UI as a participant would: clicks for Quiz Time, arrow keys (or taps) for Flash Match. */
import type { Frame, Keyboard, Page } from 'playwright-core';
import { hidden, visible } from './fixture';

/** A page, or the frame of a study page that embeds the games. */
export type Surface = Page | Frame;

function keyboardOf(surface: Surface): Keyboard {
  return 'keyboard' in surface ? surface.keyboard : surface.page().keyboard;
}

export interface PlayOptions {
  /** Stop after this many answers (a reload or an outage mid-game); default: the whole game. */
  stopAfter?: number;
  /** Called after each answer with the number given so far (e.g. to stop the server). */
  afterAnswer?: (answered: number) => Promise<void>;
  /** Flash Match: the arrow keys (default), or taps on the answer buttons only (a phone; the page needs hasTouch). */
  input?: 'keys' | 'taps';
}

/** The answer buttons' names (as shown on a touch device) for each arrow key. */
const BUTTONS = {
  search: { ArrowLeft: 'not 3', ArrowRight: '3' },
  comparison: { ArrowLeft: 'halves differ', ArrowRight: 'halves identical' },
} as const;

/** A click, or a tap when the participant uses touch only. */
async function press(surface: Surface, name: string, options: PlayOptions, role: 'button' | 'link' = 'button'): Promise<void> {
  const target = surface.getByRole(role, { name, exact: true });
  if (options.input === 'taps') await target.tap();
  else await target.click();
}

/** Opens Quiz Time from the hub, starts it and answers; returns the number of answers given. */
export async function playQuiz(page: Surface, options: PlayOptions = {}): Promise<number> {
  await page.getByRole('link', { name: 'Play Quiz Time' }).click();
  await visible(page.getByRole('heading', { name: 'Quiz Time', level: 1 }));
  await page.getByRole('button', { name: 'Start' }).click();
  const total = options.stopAfter ?? 30;
  for (let i = 0; i < total; i++) {
    await visible(page.getByText(`Question ${i + 1} of 30`, { exact: true }));
    const options4 = page.getByRole('main').getByRole('group').getByRole('button');
    await options4.first().waitFor({ state: 'visible' });
    // Wait for the stimulus onset (the options are enabled once the question is painted).
    const choice = options4.nth(i % 4);
    await choice.click({ timeout: 10_000 });
    await options.afterAnswer?.(i + 1);
  }
  return total;
}

function expectedKey(task: 'search' | 'comparison', text: string): 'ArrowLeft' | 'ArrowRight' {
  const right = task === 'search' ? text === '3' : text.slice(0, 3) === text.slice(3);
  return right ? 'ArrowRight' : 'ArrowLeft';
}

async function answerBlock(page: Surface, task: 'search' | 'comparison', answered: number, options: PlayOptions): Promise<number> {
  for (let trial = 0; trial < 42; trial++) {
    if (options.stopAfter !== undefined && answered >= options.stopAfter) return answered;
    const stimulus = page.locator(`[aria-label="Stimulus"][data-trial="${trial}"][data-ready="true"]`);
    await stimulus.waitFor({ state: 'visible', timeout: 15_000 });
    const text = ((await stimulus.textContent()) ?? '').trim();
    let key = expectedKey(task, text);
    // Every fifth answer is wrong on purpose, so the scores are not trivially perfect.
    if (trial % 5 === 4) key = key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    if (options.input === 'taps') await page.getByRole('group', { name: 'Your answer' }).getByRole('button', { name: BUTTONS[task][key], exact: true }).tap();
    else await keyboardOf(page).press(key);
    answered += 1;
    await options.afterAnswer?.(answered);
  }
  return answered;
}

/** Opens Flash Match from the hub and plays the four blocks with arrow keys (or taps); returns the answers given. */
export async function playFlashMatch(page: Surface, options: PlayOptions = {}): Promise<number> {
  await press(page, 'Play Flash Match', options, 'link');
  await visible(page.getByRole('heading', { name: 'Flash Match', level: 1 }));
  await press(page, 'Start', options);
  let answered = 0;
  const steps: ['intro' | 'search' | 'comparison', string][] = [
    ['intro', '/FlashMatch/SearchIntro'],
    ['search', '/FlashMatch/Search'],
    ['intro', '/FlashMatch/SearchBreak'],
    ['search', '/FlashMatch/Search'],
    ['intro', '/FlashMatch/SearchEnd'],
    ['intro', '/FlashMatch/ComparisonIntro'],
    ['comparison', '/FlashMatch/Comparison'],
    ['intro', '/FlashMatch/ComparisonBreak'],
    ['comparison', '/FlashMatch/Comparison'],
  ];
  for (const [kind, path] of steps) {
    await page.waitForURL((url) => url.pathname === path);
    if (kind === 'intro') {
      await press(page, 'Continue', options);
    } else {
      answered = await answerBlock(page, kind, answered, options);
      if (options.stopAfter !== undefined && answered >= options.stopAfter) return answered;
    }
  }
  await page.waitForURL((url) => url.pathname === '/FlashMatch/Feedback');
  return answered;
}

/** RFC 4180 CSV into rows of fields (quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** On /Data (logged in as an administrator): generates a CSV export, waits for it, downloads it; rows as objects. */
export async function exportCsv(page: Page): Promise<Record<string, string>[]> {
  await visible(page.getByRole('heading', { name: 'Study data' }));
  const links = page.getByRole('link', { name: 'Download CSV' });
  const before = await links.count();
  await page.getByRole('button', { name: 'Generate CSV' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('a[download]').length > n, before, { timeout: 30_000 });
  const href = await links.first().getAttribute('href');
  if (!href) throw new Error('no download link');
  // Downloaded by the page itself (same origin, the session cookie): Node cannot resolve *.localhost.
  const text = await page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) throw new Error(`download failed: ${response.status}`);
    return response.text();
  }, href);
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('empty export');
  return rows.filter((r) => r.length === header.length).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** Logs a researcher in on the delphi host and opens the study's data page. */
export async function openDataAsResearcher(
  page: Page,
  delphiUrl: (path: string) => string,
  researcher: { email: string; password: string },
): Promise<void> {
  await page.goto(delphiUrl('/?modal=login'));
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await visible(dialog);
  await dialog.getByLabel('Email').fill(researcher.email);
  await dialog.getByLabel(/^Password/).fill(researcher.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await hidden(dialog);
  await page.goto(delphiUrl('/Data'));
}

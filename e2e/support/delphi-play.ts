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
  // The list of earlier exports loads after the heading: read it only once it is there, or an
  // earlier export appearing late would be taken for the new one (a CI failure of stop 20).
  await visible(page.getByText('No exports yet. Generate one above.').or(page.getByRole('table', { name: 'Exports' })).or(page.getByRole('list', { name: 'Exports' })));
  const links = page.getByRole('link', { name: 'Download CSV' });
  const hrefsOf = () => page.locator('a[download]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  const before = new Set(await hrefsOf());
  await page.getByRole('button', { name: 'Generate CSV' }).click();
  await page.waitForFunction(
    (known) => Array.from(document.querySelectorAll('a[download]')).some((a) => !known.includes(a.getAttribute('href') ?? '')),
    [...before],
    { timeout: 30_000 },
  );
  const fresh = (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))).filter((href) => !before.has(href));
  const href = fresh[0];
  if (!href) throw new Error('no new CSV download link');
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

/**
 * Opens Color Catch from the hub and plays it: a MutationObserver (installed on the welcome
 * screen) remembers every disc as a watching participant would, and each probe is answered with
 * that colour's last cell; every `wrongEvery`-th answer on purpose in the next cell. A probe
 * that times out before the click lands (heavily scaled time) is skipped. Answers given (practice + game).
 */
export async function playColorCatch(page: Surface, options: { wrongEvery?: number } = {}): Promise<{ practice: number; game: number }> {
  await page.getByRole('link', { name: 'Play Color Catch' }).click();
  await visible(page.getByRole('heading', { name: 'Color Catch', level: 1 }));
  await page.evaluate(() => {
    const discs: { color: string; cell: number }[] = [];
    (window as unknown as { __discs: typeof discs }).__discs = discs;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof HTMLElement)) continue;
          const disc = node.matches('[data-disc]') ? node : node.querySelector('[data-disc]');
          if (disc instanceof HTMLElement) discs.push({ color: disc.dataset.disc ?? '', cell: Number(disc.dataset.cell) });
        }
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL((url) => url.pathname === '/ColorCatch/Tutorial');
  await page.getByRole('button', { name: 'Start the practice' }).click();
  let answered = 0;
  const wrongEvery = options.wrongEvery ?? 0;
  const answerProbes = async (done: () => Promise<boolean>): Promise<number> => {
    let count = 0;
    for (;;) {
      await page.waitForFunction(
        () =>
          document.querySelector('[data-probe]') !== null ||
          location.pathname.endsWith('/Done') ||
          Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Start the game'),
        null,
        { timeout: 30_000 },
      );
      if (await done()) return count;
      const color = await page.locator('[data-probe]').getAttribute('data-probe', { timeout: 2_000 }).catch(() => null);
      if (!color) continue;
      const last = await page.evaluate(
        (c) => [...(window as unknown as { __discs: { color: string; cell: number }[] }).__discs].reverse().find((d) => d.color === c)?.cell ?? 0,
        color,
      );
      const wrong = wrongEvery > 0 && answered % wrongEvery === wrongEvery - 1;
      const clicked = await page
        .locator(`[role="group"] [data-cell="${wrong ? (last + 1) % 16 : last}"]`)
        .click({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (clicked) {
        count += 1;
        answered += 1;
      }
      // The next probe (another colour), the feedback, or the next trial.
      await page.waitForFunction((c) => document.querySelector('[data-probe]')?.getAttribute('data-probe') !== c || document.querySelector('[data-feedback]') !== null, color);
      await page.waitForFunction(() => document.querySelector('[data-feedback]') === null || location.pathname.endsWith('/Done'));
    }
  };
  const practice = await answerProbes(async () => (await page.getByRole('button', { name: 'Start the game' }).count()) > 0);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL((url) => url.pathname === '/ColorCatch/Game');
  const game = await answerProbes(async () => new URL(page.url()).pathname === '/ColorCatch/Done');
  return { practice, game };
}

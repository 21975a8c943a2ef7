import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Dialog, Frame, Page } from 'playwright-core';
import { REQUEST_COOLDOWN_MS } from '@chi/contract';
import { launchBrowser, newPage } from './support/browser';
import { visible } from './support/fixture';
import { exportCsv, openDataAsResearcher, playFlashMatch, playQuiz } from './support/delphi-play';
import { startApiGate, type ApiGate } from './support/api-gate';
import { startRestartableServer, type RestartableServer } from './support/restartable-server';
import { startStudyParentPage } from './support/study-parent-page';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const studyPage = await startStudyParentPage();
let server: RestartableServer;
let gate: ApiGate;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startRestartableServer({
      GAME_TIME_SCALE: '0.05',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STUDY_PARENT_ORIGINS: studyPage.origin,
    }),
    launchBrowser(),
  ]);
  gate = await startApiGate(server.port);
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.dispose(), gate?.close(), studyPage.close()]);
});

/** The researcher, logged in on /Data. */
async function researcher(): Promise<{ close: () => Promise<void>; rowsOf: (participantId: string) => Promise<Record<string, string>[]> }> {
  const { context, page } = await newPage(browser);
  await openDataAsResearcher(page, (path) => server.url('delphi', path), ADMIN);
  return {
    close: () => context.close(),
    rowsOf: async (participantId) => (await exportCsv(page)).filter((row) => row.participantId === participantId),
  };
}

/** The researcher's CSV rows of one participant. */
async function exportRowsOf(participantId: string): Promise<Record<string, string>[]> {
  const data = await researcher();
  const rows = await data.rowsOf(participantId);
  await data.close();
  return rows;
}

/** Exports again until at least `expected` rows are there (records still on their way), then returns them. */
async function exportWhenArrived(participantId: string, expected: number): Promise<Record<string, string>[]> {
  const data = await researcher();
  for (let attempt = 0; ; attempt++) {
    const rows = await data.rowsOf(participantId);
    if (rows.length >= expected || attempt === 12) {
      await data.close();
      return rows;
    }
    // Past the client's cooldown, in which a repeated identical call is answered by the last one.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_COOLDOWN_MS + 500));
  }
}

function questionIndexes(rows: Record<string, string>[], game: string): number[] {
  return rows
    .filter((row) => row.game === game)
    .map((row) => Number(row.questionIndex))
    .sort((a, b) => a - b);
}

/** Answers Quiz Time's questions `from` to `to` (exclusive) of a game already started. */
async function answerQuiz(surface: Page | Frame, from: number, to: number): Promise<number> {
  for (let i = from; i < to; i++) {
    await visible(surface.getByText(`Question ${i + 1} of 30`, { exact: true }));
    await surface.getByRole('main').getByRole('group').getByRole('button').nth(i % 4).click({ timeout: 10_000 });
  }
  return to - from;
}

async function openStudy(page: Page, participantId: string) {
  await page.goto(studyPage.url(gate.url('delphi', `/?participantId=${participantId}`)));
  const frame = page.frame({ url: (url) => url.hostname.startsWith('delphi.') });
  if (!frame) throw new Error('no games frame');
  await visible(frame.getByRole('heading', { name: 'Your games' }));
  return frame;
}

describe('two tabs of one participant', () => {
  it('each plays while the server is down; one closes; every answer of both arrives exactly once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const first = await context.newPage();
    await first.goto(server.url('delphi', '/?participantId=P5'));
    await visible(first.getByRole('heading', { name: 'Your games' }));
    // Opened from the first tab, the second starts with a copy of its sessionStorage (its tab
    // id too), like a duplicated tab: it must notice and keep its records under a key of its own.
    const [second] = await Promise.all([context.waitForEvent('page'), first.evaluate(() => void window.open(location.href))]);
    await visible(second.getByRole('heading', { name: 'Your games' }));
    // The games' code is loaded while the server is up; it stops two answers into each game.
    const quizBefore = await playQuiz(first, { stopAfter: 2 });
    const flash = await playFlashMatch(second, { stopAfter: 10, afterAnswer: async (n) => (n === 2 ? server.stop() : undefined) });
    const quiz = quizBefore + (await answerQuiz(first, 2, 7));
    // Closed with its answers unsent: only the other tab can still deliver them.
    await first.close();
    await server.restart();

    const rows = await exportWhenArrived('P5', quiz + flash);
    expect(questionIndexes(rows, 'QuizTime')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(questionIndexes(rows, 'FlashMatch')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows).toHaveLength(17);
    await context.close();
  }, 150_000);
});

describe('inside a study page\'s iframe, where the browser denies the games all storage', () => {
  it('a reload of the study page while answers are still on their way asks first, then loses none of them', async () => {
    const { context, page } = await newPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    const frame = await openStudy(page, 'P6');
    gate.setMode('slow');
    const given = await playQuiz(frame, { stopAfter: 8 });
    await page.reload();
    // Asked because the answers lived in memory only; then sent with keepalive as the page went.
    expect(dialogs).toEqual(['beforeunload']);
    const reloaded = page.frame({ url: (url) => url.hostname.startsWith('delphi.') });
    if (!reloaded) throw new Error('no games frame after the reload');
    await visible(reloaded.getByRole('heading', { name: 'Your games' }));
    await gate.settled();
    gate.setMode('open');
    await visible(reloaded.getByRole('article', { name: 'Quiz Time' }).getByText('Interrupted'));
    await context.close();

    const rows = await exportRowsOf('P6');
    expect(rows).toHaveLength(given);
    expect(questionIndexes(rows, 'QuizTime')).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Sent in parallel as the page went, answers may have arrived before their question or
    // round: every row is linked all the same (late linking), a whole research record.
    for (const row of rows) {
      expect(row).toMatchObject({ promptId: expect.stringMatching(/.+/), prompt: expect.stringMatching(/.+/), roundId: expect.stringMatching(/.+/) });
      expect(Number(row.rtMs)).toBeGreaterThanOrEqual(0);
      expect(Date.parse(row.promptedAt ?? '')).toBeGreaterThan(0);
    }
  }, 120_000);

  it('while the server cannot be reached, leaving is held up by the browser\'s question, and nothing is lost', async () => {
    const { context, page } = await newPage(browser);
    const frame = await openStudy(page, 'P7');
    gate.setMode('down');
    const given = await playQuiz(frame, { stopAfter: 3 });
    const asked = page.waitForEvent('dialog');
    void page.evaluate(() => location.reload());
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    // The participant stays: the game goes on and the answers wait in memory.
    await dialog.dismiss();
    gate.setMode('open');
    const rest = await answerQuiz(frame, 3, 30);
    await visible(frame.getByRole('heading', { name: 'Your results' }));
    await visible(frame.getByRole('link', { name: 'Back to your games' }), 60_000);
    // Everything acknowledged: the guard is gone, a reload no longer asks.
    let askedAgain = false;
    page.on('dialog', (later: Dialog) => {
      askedAgain = true;
      void later.accept();
    });
    await page.reload();
    expect(askedAgain).toBe(false);
    await context.close();

    const rows = await exportRowsOf('P7');
    expect(rows).toHaveLength(given + rest);
    expect(questionIndexes(rows, 'QuizTime')).toEqual([...Array(30).keys()]);
  }, 120_000);
});

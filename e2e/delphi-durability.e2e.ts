/**
 * Durability inside a study page's iframe, where the browser denies the games all storage: a
 * gate between browser and server slows or cuts the API, and no answer is lost. The outage
 * with two tabs, which stops and restarts the server, is delphi-two-tabs.e2e.ts (run alone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Dialog, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { visible } from './support/fixture';
import { playQuiz } from './support/delphi-play';
import { answerQuiz, delphiData, questionIndexes } from './support/delphi-data';
import { startApiGate, type ApiGate } from './support/api-gate';
import { startServer, type RunningServer } from './support/server';
import { startStudyParentPage } from './support/study-parent-page';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const studyPage = await startStudyParentPage();
let server: RunningServer;
let gate: ApiGate;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
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
  await Promise.all([browser?.close(), server?.stop(), gate?.close(), studyPage.close()]);
});

const exportRowsOf = (participantId: string) => delphiData(browser, (path) => server.url('delphi', path), ADMIN).rowsOf(participantId);

async function openStudy(page: Page, participantId: string) {
  await page.goto(studyPage.url(gate.url('delphi', `/?participantId=${participantId}`)));
  const frame = page.frame({ url: (url) => url.hostname.startsWith('delphi.') });
  if (!frame) throw new Error('no games frame');
  await visible(frame.getByRole('heading', { name: 'Your games' }));
  return frame;
}

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

  it('a game whose start the server has not answered when the page goes keeps every answer given', async () => {
    const { context, page } = await newPage(browser);
    page.on('dialog', (dialog: Dialog) => void dialog.accept());
    const frame = await openStudy(page, 'P8');
    // The start is held until the page is gone: the page never learns the game's id.
    gate.setMode('stall-start');
    const given = await playQuiz(frame, { stopAfter: 5 });
    await page.reload();
    await gate.settled();
    gate.setMode('open');
    const rows = await exportRowsOf('P8');
    expect(rows).toHaveLength(given);
    expect(questionIndexes(rows, 'QuizTime')).toEqual([0, 1, 2, 3, 4]);
    for (const row of rows) expect(row).toMatchObject({ gameId: expect.stringMatching(/.+/), promptId: expect.stringMatching(/.+/), roundId: expect.stringMatching(/.+/) });
    // The game counts as played: the participant's games say it was interrupted, never offered again.
    await page.reload();
    const hub = page.frame({ url: (url) => url.hostname.startsWith('delphi.') });
    if (!hub) throw new Error('no games frame after the reload');
    await visible(hub.getByRole('article', { name: 'Quiz Time' }).getByText('Interrupted'));
    await context.close();
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

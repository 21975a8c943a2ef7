/**
 * Issue 18, the game kit: Flash Match answered by touch alone on a phone, stimuli that fit
 * from 320 px up, and leaving a running game (reload, header link, language) asks first and
 * is recorded as an interruption that the hub and the export show.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { exportCsv, openDataAsResearcher, playFlashMatch, playQuiz } from './support/delphi-play';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const fx = useServerAndBrowser({ GAME_TIME_SCALE: '0.05', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const delphiUrl = (path: string) => fx.server.url('delphi', path);

async function exportRowsOf(participantId: string): Promise<Record<string, string>[]> {
  const { context, page } = await fx.page();
  await openDataAsResearcher(page, delphiUrl, ADMIN);
  const rows = await exportCsv(page);
  await context.close();
  return rows.filter((row) => row.participantId === participantId);
}

async function openHub(page: Page, participantId: string): Promise<void> {
  await page.goto(delphiUrl(`/?participantId=${participantId}`));
  await visible(page.getByRole('heading', { name: 'Your games' }));
}

/** The stimulus and its box after the layout has settled (two frames: the fit runs on resize). */
function measureStimulus(page: Page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const text = document.querySelector('[aria-label="Stimulus"]');
    const box = text?.closest('[data-fit-box]');
    if (!(text instanceof HTMLElement) || !(box instanceof HTMLElement)) throw new Error('no stimulus');
    const t = text.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return {
      text: text.textContent ?? '',
      fontSize: parseFloat(getComputedStyle(text).fontSize),
      oneLine: t.height < parseFloat(getComputedStyle(text).fontSize) * 2,
      scrollFits: box.scrollWidth <= box.clientWidth,
      inside: t.left >= b.left - 0.5 && t.right <= b.right + 0.5 && t.top >= b.top - 0.5 && t.bottom <= b.bottom + 0.5,
      pageFits: document.documentElement.scrollWidth <= window.innerWidth,
    };
  });
}

describe('Flash Match on a phone', () => {
  it('speaks of buttons, not keys, on a touch screen (issue 25 item 9)', async () => {
    const context = await fx.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' });
    const page = await context.newPage();
    await openHub(page, 'T0');
    await page.getByRole('link', { name: 'Play Flash Match' }).tap();
    await visible(page.getByText(/Answer with the two buttons at the bottom of the screen/));
    await page.getByRole('button', { name: 'Start' }).tap();
    await visible(page.getByText('A digit appears on the screen. Tap “3” if it is a 3, “not 3” if it is any other digit.'));
    expect(await page.getByText(/arrow/i).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('is played to its Feedback by tapping only; the export says touch, with positive RTs', async () => {
    const context = await fx.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' });
    const page = await context.newPage();
    await openHub(page, 'T1');
    const answered = await playFlashMatch(page, { input: 'taps' });
    expect(answered).toBe(168);
    await hidden(page.getByText('Scores are not ready'));
    expect(await page.getByRole('row', { name: /Search Round 1/ }).textContent()).toContain('34 / 42 correct');
    await context.close();

    const rows = await exportRowsOf('T1');
    expect(rows).toHaveLength(168);
    for (const row of rows) {
      expect(row).toMatchObject({ game: 'FlashMatch', modality: 'touch', gameStatus: 'completed' });
      expect(Number(row.rtMs)).toBeGreaterThan(0);
      // At most 3 decimals: no binary float noise.
      expect(row.rtMs).toMatch(/^\d+(\.\d{1,3})?$/);
    }
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(['Search', 'Comparison']));
  }, 180_000);

  it('shows answer buttons of at least 48 px at the bottom, and the six-digit stimulus whole at 320, 360, 390 and 1440 px', async () => {
    const context = await fx.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' });
    const page = await context.newPage();
    await openHub(page, 'T2');
    // The two search rounds by key, to reach the comparison task's six-digit numbers.
    await playFlashMatch(page, { stopAfter: 84 });
    for (const path of ['/FlashMatch/SearchEnd', '/FlashMatch/ComparisonIntro']) {
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('button', { name: 'Continue' }).tap();
    }
    await visible(page.locator('[aria-label="Stimulus"][data-ready="true"]'));
    const buttons = page.getByRole('group', { name: 'Your answer' }).getByRole('button');
    expect(await buttons.count()).toBe(2);
    for (const box of [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()]) {
      expect(box?.height).toBeGreaterThanOrEqual(48);
      expect(box?.width).toBeGreaterThanOrEqual(48);
      // In the lower half of the screen, where a thumb reaches.
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(844 / 2);
    }
    const sizes: number[] = [];
    for (const width of [320, 360, 390, 1440]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 700 });
      const m = await measureStimulus(page);
      expect(m.text).toMatch(/^\d{6}$/);
      expect(m, `at ${width} px`).toMatchObject({ oneLine: true, scrollFits: true, inside: true, pageFits: true });
      sizes.push(m.fontSize);
    }
    // Smaller where the box is narrow, full size on a desktop.
    expect(sizes[0]).toBeLessThan(72);
    expect(sizes[3]).toBe(72);
    await page.screenshot({ path: '/tmp/gamekit-comparison-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/gamekit-comparison-390.png' });
    // Unscrolled (the page is shorter than the screen) no footer text is cut in half by the bar (issue 25 item 8).
    await page.evaluate(() => window.scrollTo(0, 0));
    const cut = await page.evaluate(() => {
      const barTop = document.querySelector('[role="group"][aria-label="Your answer"]')!.getBoundingClientRect().top;
      return Array.from(document.querySelectorAll('footer p, footer a'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.top < barTop && r.bottom > barTop;
        })
        .map((el) => el.textContent);
    });
    expect(cut).toEqual([]);
    // Scrolled to the end, the footer's links are above the fixed answer bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() =>
      Array.from(document.querySelectorAll('footer a')).filter((link) => {
        const r = link.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !(hit && link.contains(hit));
      }).map((link) => link.textContent),
    );
    expect(await page.locator('footer a').count()).toBeGreaterThan(0);
    expect(covered).toEqual([]);
    await page.screenshot({ path: '/tmp/gamekit-comparison-390-end.png' });
    await context.close();
  }, 120_000);
});

describe('leaving a running game', () => {
  it('a reload mid-quiz asks first; accepted, the game is interrupted, its answers kept, its status exported', async () => {
    const { context, page } = await fx.page();
    await openHub(page, 'R1');
    const given = await playQuiz(page, { stopAfter: 5 });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await visible(page.getByRole('alert').getByText('This game was interrupted. Your answers so far are saved.'));
    await page.goto(delphiUrl('/'));
    const quiz = page.getByRole('article', { name: 'Quiz Time' });
    await visible(quiz.getByText('Interrupted'));
    await visible(quiz.getByText('This game was interrupted. Your answers so far are saved.'));
    expect(await quiz.getByRole('link').count()).toBe(0);
    // Flash Match (8), Word Links (10), Color Catch (7), Mime Mix (5) and Morning Memo (5) are left.
    await visible(page.getByText('The games you can still play take about 35 minutes.'));
    await hidden(page.getByText(/answers waiting to be saved/));
    await page.screenshot({ path: '/tmp/gamekit-hub-interrupted.png' });
    await context.close();

    const rows = await exportRowsOf('R1');
    expect(rows).toHaveLength(given);
    expect(rows.map((row) => Number(row.questionIndex))).toEqual([0, 1, 2, 3, 4]);
    expect(rows.every((row) => row.gameStatus === 'interrupted' && row.modality === 'mouse')).toBe(true);
  }, 120_000);

  it('the header\'s product name and language switch ask first: stay keeps playing, leave records the interruption', async () => {
    const { context, page } = await fx.page();
    await openHub(page, 'L1');
    await playQuiz(page, { stopAfter: 2 });
    const dialog = page.getByRole('dialog', { name: 'Leave this game?' });
    const productName = page.getByRole('banner').getByRole('link', { name: 'CHI research framework' });

    await productName.click();
    await visible(dialog);
    await page.screenshot({ path: '/tmp/gamekit-leave-dialog.png' });
    await dialog.getByRole('button', { name: 'Stay in the game' }).click();
    await hidden(dialog);
    expect(new URL(page.url()).pathname).toBe('/QuizTime/Game');
    await visible(page.getByText('Question 3 of 30', { exact: true }));

    const language = page.getByRole('combobox', { name: 'Language' });
    await language.selectOption('dk');
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Stay in the game' }).click();
    await hidden(dialog);
    expect(await language.inputValue()).toBe('en');
    await visible(page.getByText('Question 3 of 30', { exact: true }));

    await productName.click();
    await dialog.getByRole('button', { name: 'Leave the game' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visible(page.getByRole('article', { name: 'Quiz Time' }).getByText('Interrupted'));
    await hidden(page.getByText(/answers waiting to be saved/));
    await context.close();

    const rows = await exportRowsOf('L1');
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.gameStatus === 'interrupted')).toBe(true);
  }, 120_000);
});

describe('/Data on a phone', () => {
  it('fits the screen, shows each game\'s status whole, and says when no participant matches the filter', async () => {
    const { context, page } = await fx.page({ width: 390, height: 844 });
    await openDataAsResearcher(page, delphiUrl, ADMIN);
    // A card per participant on a phone (the table is for wider screens).
    const card = page.getByRole('list', { name: 'Participants' }).getByRole('listitem').filter({ hasText: /^R1/ });
    await visible(card);
    const badge = card.getByText(/^Interrupted · 5$/);
    await visible(badge);
    await page.screenshot({ path: '/tmp/gamekit-data-390.png', fullPage: true });
    // The badge's label is not cut ("D…"): its text needs no more room than it has.
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel('Filter by participant id').fill('nobody-42');
    await visible(page.getByText('No participant matches “nobody-42”.'));
    expect(await page.getByText('No participants yet.').count()).toBe(0);
    await context.close();
  }, 60_000);
});

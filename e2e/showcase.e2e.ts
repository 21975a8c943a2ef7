/**
 * The showcase end to end (issue 15): a visitor without an account plays both simple games and
 * the knowledge quiz in Danish on a phone; the plays are stored, and an admin sees them on the
 * results page's score distribution. Its outage test, which restarts the server, is
 * showcase-durability.e2e.ts (run alone, vitest.config.ts).
 */
import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { logIn } from './support/account-flows';
import { describeFindings, seriousViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { expectNoSidewaysScroll } from './support/layout';

const ADMIN = { email: 'showcase-admin@example.org', password: 'showcase admin pw' };
// Short inter-trial pauses so 84 trials take seconds (DESIGN §7 GAME_TIME_SCALE).
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, GAME_TIME_SCALE: '0.05' });

async function noAxeFindings(page: Page, where: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, describeFindings(where, findings)).toEqual([]);
}

/** Answers every trial of both blocks: the correct answer for the first `correctPerBlock`, then the wrong one. */
async function playBlocks(page: Page, blockIds: readonly string[], correctOf: (stimulus: string) => 'yes' | 'no', labels: { yes: string; no: string }, correctPerBlock: number) {
  for (const blockId of blockIds) {
    await page.getByRole('button', { name: 'Start' }).click();
    for (let trial = 0; trial < 42; trial += 1) {
      // Each stimulus carries its block and trial, so a read never sees the previous one.
      const text = ((await page.locator(`[data-trial="${blockId}-${trial}"]`).textContent()) ?? '').replace(/\s/g, '');
      const right = correctOf(text);
      const answer = trial < correctPerBlock ? right : right === 'yes' ? 'no' : 'yes';
      // Alternate keys and taps: both are responses. A key waits one frame first: the frame that
      // presents the stimulus has then begun (a tap's actionability checks wait for frames anyway);
      // a key pressed before that would be an anticipation, which is no response.
      if (trial % 2 === 0) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      if (trial % 2 === 0) await page.keyboard.press(answer === 'yes' ? 'ArrowRight' : 'ArrowLeft');
      else await page.getByRole('button', { name: labels[answer], exact: true }).click();
    }
  }
}

describe('showcase', () => {
  it('the front door lists the instruments and apps and passes axe at 320 px', async () => {
    const { context, page } = await fx.page({ width: 320, height: 720 });
    await page.goto(fx.server.url(null, '/'));
    await visible(page.getByRole('heading', { name: 'Try our instruments' }));
    await visible(page.getByRole('link', { name: 'Play Comparison game' }));
    await visible(page.getByRole('link', { name: 'Open Cognitive control framework' }));
    // The EU notice once: the footer's, not repeated by the page (issue 25 item 10).
    await visible(page.locator('footer:visible').getByText('has received funding from the European Union.'));
    expect(await page.locator('main').getByText(/received funding from the European Union/).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await noAxeFindings(page, 'showcase home');
    await context.close();
  });

  it('a visitor plays the comparison game and the target search (phone, 320 px)', async () => {
    const { context, page } = await fx.page({ width: 320, height: 700 });
    const errors = collectPageErrors(page);
    await page.goto(fx.server.url('showcase', '/'));
    await page.getByRole('link', { name: 'Play Comparison game' }).click();
    await visible(page.getByText('Round 1 of 2: 42 items.'));
    // No internal block codes for players (issue 25 item 10).
    expect(await page.getByText(/VS_\d/).count()).toBe(0);
    await noAxeFindings(page, 'comparison intro');
    const same = (s: string) => (s.slice(0, 3) === s.slice(3) ? 'yes' : 'no');
    await page.getByRole('button', { name: 'Start' }).click();
    await visible(page.locator('[data-trial="VS_1-0"]'));
    await expectNoSidewaysScroll(page);
    await noAxeFindings(page, 'comparison trial');
    // Back to the first block's start: the game begins anew with the same flow (the guard asks first).
    page.once('dialog', (dialog: Dialog) => void dialog.accept());
    await page.reload();
    await playBlocks(page, ['VS_1', 'VS_2'], same, { yes: 'Same', no: 'Different' }, 40);
    await visible(page.getByRole('heading', { name: 'Your results' }));
    await visible(page.getByText(/^Round 1: 40 of 42 correct/));
    await visible(page.getByText(/^Round 2: 40 of 42 correct/));
    expect(await page.getByText(/VS_\d/).count()).toBe(0);
    await visible(page.getByText('Overall: 95 % correct'));
    await visible(page.getByText('Your results are saved anonymously.'));

    await page.goto(fx.server.url('showcase', '/targetSearch'));
    await visible(page.getByText('Round 1 of 2: 42 items.'));
    await playBlocks(page, ['SZ_1', 'SZ_2'], (s) => (s === '3' ? 'yes' : 'no'), { yes: '3', no: 'Not 3' }, 21);
    await visible(page.getByText(/^Round 2: 21 of 42 correct/));
    await visible(page.getByText('Overall: 50 % correct'));
    await visible(page.getByText('Your results are saved anonymously.'));
    expect(errors.take()).toEqual([]);
    await context.close();
  }, 240_000);

  it('a visitor takes the knowledge quiz in Danish', async () => {
    const { context, page } = await fx.page({ width: 360, height: 740 });
    await page.goto(fx.server.url('showcase', '/'));
    // On a phone the language switch sits in the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await chooseLanguage(page, 'Dansk');
    await page.getByRole('link', { name: 'Spil Videnquiz' }).click();
    // The quiz's language follows the interface's; it can be changed before the start.
    expect(await page.getByRole('radio', { name: 'Dansk' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Start quizzen' }).click();
    const categories = ['Samfundsvidenskab', 'Opmærksomhedstjek', 'Naturvidenskab', 'Opmærksomhedstjek', 'Humaniora'];
    for (const [index, name] of categories.entries()) {
      await visible(page.getByRole('heading', { name: `${name} (${index + 1} af 5)` }));
      const count = name === 'Opmærksomhedstjek' ? 1 : 10;
      for (let question = 0; question < count; question += 1) {
        await visible(page.getByText(`Spørgsmål ${question + 1} af ${count}`, { exact: true }));
        if (index === 0 && question === 0) {
          await expectNoSidewaysScroll(page);
          await noAxeFindings(page, 'quiz question');
        }
        // Always the first option shown: options are shuffled, so some are right and some wrong.
        await page.getByRole('group').getByRole('button').first().click();
      }
    }
    await visible(page.getByRole('heading', { name: 'Dine quizresultater' }));
    const score = (await page.getByText(/^Point: \d+ af 30 \(\d+ %\)$/).textContent()) ?? '';
    const correct = Number(/Point: (\d+)/.exec(score)?.[1]);
    expect(correct).toBeGreaterThanOrEqual(0);
    expect(correct).toBeLessThanOrEqual(30);
    // The per-category counts (the layout) add up to the score.
    const perCategory = await page.getByRole('listitem').allTextContents();
    expect(perCategory).toHaveLength(3);
    expect(perCategory.map((line) => Number(/: (\d+) af 10/.exec(line)?.[1])).reduce((a, b) => a + b, 0)).toBe(correct);
    await visible(page.getByText('Dine resultater er gemt anonymt.'));
    await context.close();
  });

  it('a quiz taken in Danish from the English interface speaks Danish, its labels too; the intro is said once (issue 25 item 10)', async () => {
    const { context, page } = await fx.page({ width: 390, height: 800 });
    await page.goto(fx.server.url('showcase', '/quiz'));
    await visible(page.getByRole('heading', { name: 'Knowledge quiz', level: 1 }));
    expect(await page.getByText(/Ten questions each on social science/).count()).toBe(1);
    await page.getByRole('radio', { name: 'Dansk' }).check();
    await page.getByRole('button', { name: 'Start the quiz' }).click();
    await visible(page.getByRole('heading', { name: 'Samfundsvidenskab (1 af 5)' }));
    await visible(page.getByText('Spørgsmål 1 af 10', { exact: true }));
    expect(await page.getByText(/Question \d+ of/).count()).toBe(0);
    await context.close();
  });

  it('on a phone, a swipe that starts on a quiz option scrolls and picks nothing; a tap answers', async () => {
    const { context, page } = await fx.page({ width: 320, height: 480, touch: true });
    await page.goto(fx.server.url('showcase', '/quiz'));
    await page.getByRole('button', { name: 'Start the quiz' }).tap();
    await visible(page.getByText('Question 1 of 10', { exact: true }));
    const option = page.getByRole('group').getByRole('button').first();
    await option.waitFor();
    const box = await option.boundingBox();
    if (!box) throw new Error('no option on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 8; step += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - step * 15 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(300);
    await visible(page.getByText('Question 1 of 10', { exact: true }));
    await option.tap();
    await visible(page.getByText('Question 2 of 10', { exact: true }));
    await context.close();
  });

  it('an admin sees the finished plays on the results page', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'showcase');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('showcase', '/results'));
    for (const name of ['Comparison game', 'Target search', 'Knowledge quiz']) {
      const section = page.getByRole('region', { name });
      await visible(section.getByText('1 finished play', { exact: true }));
    }
    await visible(page.getByRole('region', { name: 'Comparison game' }).getByText('Mean score: 95 %'));
    await visible(page.getByRole('img', { name: 'Score distribution of Target search' }));
    await noAxeFindings(page, 'results page');
    await context.close();
  });
});

async function chooseLanguage(page: Page, language: 'Dansk' | 'English'): Promise<void> {
  const control = page.getByLabel(/^(Language|Sprog)$/).first();
  const tag = await control.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    await control.selectOption({ label: language });
    return;
  }
  await control.click();
  await page.getByRole('option', { name: language }).click();
}

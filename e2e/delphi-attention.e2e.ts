/**
 * Issue 17 (parts 1–3, ADR 026): a participant switches to another tab during a Flash Match
 * trial; the researcher sees the attention flag with its reason, the funnel with that
 * participant's step, the trial in the participant's timeline, and the export's rows carry the
 * attention columns.
 *
 * What really fires in headless Chromium: a second tab opened in the same window and activated
 * (DevTools `Target.createTarget` + `Target.activateTarget`) takes the window's focus, so the
 * game's page gets a real `blur`, and a real `focus` when it is brought back. Playwright
 * emulates focus for every page by default (`Emulation.setFocusEmulationEnabled`), which hides
 * exactly that, so it is switched off for the participant's page. Headless Chromium keeps
 * every tab `visible` (no window is ever occluded), so `visibilitychange` is covered by the
 * server tests on crafted records, not here.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { exportCsv, openDataAsResearcher } from './support/delphi-play';
import { hidden, useServerAndBrowser, visible } from './support/fixture';

const ADMIN = { email: 'attention@example.org', password: 'a long researcher passphrase' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const delphiUrl = (path: string) => fx.server.url('delphi', path);

/** Opens another tab in the participant's window, stays there a moment, closes it and comes back. */
async function switchTabAndBack(page: Page): Promise<void> {
  const browserSession = await fx.browser.newBrowserCDPSession();
  // Switched off right before (a navigation to another site starts a new renderer, emulating again).
  const pageSession = await page.context().newCDPSession(page);
  await pageSession.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  const { targetId } = await browserSession.send('Target.createTarget', { url: 'about:blank', browserContextId: targetInfo.browserContextId, newWindow: false });
  await browserSession.send('Target.activateTarget', { targetId });
  await page.waitForFunction(() => !document.hasFocus());
  await browserSession.send('Target.closeTarget', { targetId });
  await page.bringToFront();
  await page.waitForFunction(() => document.hasFocus());
  await browserSession.detach();
}

/**
 * The browser's Back button: a history traversal started by the browser (DevTools
 * `Page.navigateToHistoryEntry`, as Playwright's goBack does), without waiting for a navigation
 * that the game may cancel. The page counts the traversals it saw in `window.backs`.
 */
async function pressBrowserBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { backs?: number; navigation: EventTarget };
    if (w.backs === undefined) {
      w.backs = 0;
      w.navigation.addEventListener('navigate', (event) => {
        if ((event as Event & { navigationType: string }).navigationType === 'traverse') w.backs = (w.backs ?? 0) + 1;
      });
    }
  });
  const session = await page.context().newCDPSession(page);
  const { currentIndex, entries } = await session.send('Page.getNavigationHistory');
  const previous = entries[currentIndex - 1];
  if (previous) await session.send('Page.navigateToHistoryEntry', { entryId: previous.id });
  await session.detach();
}

/** Resolves once the participant's outbox has sent everything (the server has every record). */
async function outboxSent(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('chi.delphi.outbox.'))
      .every((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { pending?: unknown[] }).pending?.length === 0),
  );
}

describe('attention events joined to the trials they fell in', () => {
  it('flags the tab switch with its reason, shows the participant in the funnel and the timeline, and exports the columns', async () => {
    const { page } = await fx.page();
    await page.goto(delphiUrl('/?participantId=attention-1'));
    await visible(page.getByRole('heading', { name: 'Your games' }));
    await page.getByRole('link', { name: 'Play Flash Match' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL((url) => url.pathname === '/FlashMatch/SearchIntro');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Three trials; during the second, the participant looks at another tab before answering.
    for (let trial = 0; trial < 3; trial++) {
      await page.locator(`[aria-label="Stimulus"][data-trial="${trial}"][data-ready="true"]`).waitFor({ state: 'visible', timeout: 15_000 });
      if (trial === 1) await switchTabAndBack(page);
      await page.keyboard.press('ArrowRight');
    }
    await visible(page.locator('[aria-label="Stimulus"][data-trial="3"]'));
    await outboxSent(page);

    const researcher = (await fx.page()).page;
    await openDataAsResearcher(researcher, delphiUrl, ADMIN);
    await visible(researcher.getByRole('heading', { name: 'Study data' }));
    const row = researcher.getByRole('row', { name: /attention-1/ });
    await visible(row.getByText(/Flash Match: left the page during 1 of 3 trials \(1 attention event:/));

    // The funnel: this participant is in Flash Match's "Search Round 1", still playing.
    const funnel = researcher.getByRole('table', { name: 'Funnel of Flash Match' });
    await visible(funnel);
    const step = funnel.getByRole('row', { name: /2\. Search Round 1/ });
    expect(await step.getByRole('cell').allTextContents()).toEqual(['1', '1']);
    expect(await funnel.getByRole('row', { name: /Playing now/ }).getByRole('cell').first().textContent()).toBe('1');

    // The timeline names the round the blur fell in.
    await row.getByRole('button', { name: 'Timeline of participant attention-1' }).click();
    const dialog = researcher.getByRole('dialog', { name: 'Timeline of attention-1' });
    await visible(dialog.getByRole('row', { name: /Window lost focus.*Round SZ_1/ }));
    await visible(dialog.getByRole('row', { name: /Step 2 of 6: Search Round 1/ }));
    await visible(dialog.getByText(/^Last seen/));
    // The session context: browser and OS parsed on the server, the display measured in the page.
    await visible(dialog.getByRole('row', { name: /Session: Chrome.* on Linux.*Hz/ }));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);

    // On a phone the timeline is a list that fits the screen: nothing to scroll sideways to.
    await researcher.setViewportSize({ width: 320, height: 700 });
    // There the participants are cards (the table is for wider screens): Timeline is on the card.
    const card = researcher.getByRole('list', { name: 'Participants' }).getByRole('listitem').filter({ hasText: /^attention-1/ });
    await card.getByRole('button', { name: 'Timeline of participant attention-1' }).click();
    const blur = dialog.getByRole('listitem').filter({ hasText: /Window lost focus.*Round SZ_1/ });
    await visible(blur);
    expect(await dialog.getByRole('table').count()).toBe(0);
    const overflowing = await dialog.evaluate((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))].filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible').length,
    );
    expect(overflowing).toBe(0);
    const box = await blur.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(320);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);
    await researcher.setViewportSize({ width: 1280, height: 900 });

    const rows = (await exportCsv(researcher)).filter((r) => r.participantId === 'attention-1');
    expect(rows.map((r) => [r.attentionEvents, r.hiddenMs])).toEqual([['0', '0'], ['1', '0'], ['0', '0']]);
  });

  it('counts the browser\'s Back pressed twice mid-trial in that trial: the game stays on it, the record says so (issue 25)', async () => {
    const { page } = await fx.page();
    await page.goto(delphiUrl('/?participantId=back-1'));
    await page.getByRole('link', { name: 'Play Flash Match' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL((url) => url.pathname === '/FlashMatch/SearchIntro');
    await page.getByRole('button', { name: 'Continue' }).click();
    for (let trial = 0; trial < 3; trial++) {
      const stimulus = page.locator(`[aria-label="Stimulus"][data-trial="${trial}"][data-ready="true"]`);
      await stimulus.waitFor({ state: 'visible', timeout: 15_000 });
      if (trial === 1) {
        const shown = await stimulus.elementHandle();
        await pressBrowserBack(page);
        await pressBrowserBack(page);
        // The one-way game stays on the same trial: the same element, never shown anew.
        await page.waitForFunction(() => (window as unknown as { backs?: number }).backs === 2);
        expect(new URL(page.url()).pathname).toBe('/FlashMatch/Search');
        expect(await shown?.evaluate((element) => element.isConnected && element.getAttribute('data-ready'))).toBe('true');
      }
      await page.keyboard.press('ArrowRight');
    }
    await visible(page.locator('[aria-label="Stimulus"][data-trial="3"]'));
    await outboxSent(page);

    const researcher = (await fx.page()).page;
    await openDataAsResearcher(researcher, delphiUrl, ADMIN);
    const row = researcher.getByRole('row', { name: /back-1/ });
    await visible(row.getByText(/Flash Match: left the page during 1 of 3 trials \(2 attention events/));
    const rows = (await exportCsv(researcher)).filter((r) => r.participantId === 'back-1');
    expect(rows.map((r) => [r.questionIndex, r.attentionEvents])).toEqual([['0', '0'], ['1', '2'], ['2', '0']]);
  });
});

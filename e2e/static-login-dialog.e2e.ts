/**
 * The prerendered home answers a tap on Log in itself (ADR 075): its static login dialog opens in
 * the tap's frame, the person types at once, and the live dialog that replaces it holds exactly
 * what was typed, with the focus, and logs in. On a phone slowed 4× (CDP), so the typing runs
 * across the hand-over.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { collectPageErrors } from './support/page-errors';
import { createAccountByApi } from './support/api-accounts';
import { accountMenu } from './support/account-flows';

const fx = useServerAndBrowser();

async function slowPhone(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await fx.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { page, close: () => context.close() };
}

const staticDialog = (page: Page) => page.locator('dialog[data-chi-static-dialog="login"]');
const logInButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).filter({ visible: true }).first();

describe('the static login dialog', () => {
  it('opens on the first tap, keeps every key typed across the hand-over to the live dialog, and logs in', async () => {
    const who = await createAccountByApi(fx, 'Grace', 'Hopper');
    const { page, close } = await slowPhone();
    const errors = collectPageErrors(page);
    await page.goto(fx.server.url('app'), { waitUntil: 'load' });
    await logInButton(page).tap();
    // The static dialog, named and focused on its e-mail field, before the live page is there.
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await visible(dialog.getByLabel('Email'), 2_000);
    expect(await staticDialog(page).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    // Typing at once, a key every 60 ms, while the live page starts and takes over.
    await page.keyboard.type(who.email, { delay: 60 });
    await hidden(staticDialog(page), 30_000);
    const live = page.getByRole('dialog', { name: 'Login' });
    const email = live.getByLabel('Email');
    expect(await email.inputValue()).toBe(who.email);
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await live.getByLabel(/^Password/).fill(who.password);
    await live.getByRole('button', { name: 'Login' }).click();
    await hidden(live, 15_000);
    await visible(accountMenu(page, `${who.firstName} ${who.lastName}`), 15_000);
    expect(errors.take()).toEqual([]);
    await close();
  });

  it('closed by Escape before the live page is in, stays closed: the live page opens no dialog', async () => {
    const { page, close } = await slowPhone();
    await page.goto(fx.server.url('app'), { waitUntil: 'load' });
    await logInButton(page).tap();
    await visible(page.getByRole('dialog', { name: 'Login' }).getByLabel('Email'), 2_000);
    await page.keyboard.press('Escape');
    await hidden(page.getByRole('dialog'));
    // The live page is in (the static width variants are gone), and a moment later still no dialog.
    await expect.poll(() => page.locator('[data-chi-width]').count(), { timeout: 30_000 }).toBe(0);
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await staticDialog(page).count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await close();
  });
});

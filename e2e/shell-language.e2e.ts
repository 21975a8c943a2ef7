import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

describe('language', () => {
  it('defaults to English, switches to Danish, and keeps the choice across a reload', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('app', '/'));
    await visible(page.getByRole('link', { name: 'Privacy policy' }));
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await chooseLanguage(page, 'Dansk');
    await visible(page.getByRole('link', { name: 'Privatlivspolitik' }));
    expect(await page.getAttribute('html', 'lang')).toBe('da');

    await page.reload();
    await visible(page.getByRole('link', { name: 'Privatlivspolitik' }));
    expect(await page.getByRole('link', { name: 'Privacy policy' }).count()).toBe(0);

    // The choice is per browser, so it holds on another sub-app's host only after choosing there;
    // switching back restores English.
    await chooseLanguage(page, 'English');
    await visible(page.getByRole('link', { name: 'Privacy policy' }));
    await page.reload();
    await visible(page.getByRole('link', { name: 'Privacy policy' }));
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

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

    // Switching back restores English.
    await chooseLanguage(page, 'English');
    await visible(page.getByRole('link', { name: 'Privacy policy' }));
    await page.reload();
    await visible(page.getByRole('link', { name: 'Privacy policy' }));
    await context.close();
  });
});

describe('the language carried across sub-apps', () => {
  it('Dansk chosen on app. opens delphi. in Danish; English chosen there holds on app. again', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('app', '/'));
    await visible(page.getByRole('link', { name: 'Privacy policy' }));
    await chooseLanguage(page, 'Dansk');
    await visible(page.getByRole('link', { name: 'Privatlivspolitik' }));

    await page.goto(fx.server.url('delphi', '/'));
    await visible(page.getByRole('link', { name: 'Privatlivspolitik' }));
    expect(await page.getAttribute('html', 'lang')).toBe('da');
    expect(await page.getByLabel('Sprog').first().inputValue()).toBe('dk');

    await chooseLanguage(page, 'English');
    await visible(page.getByRole('link', { name: 'Privacy policy' }));
    // app. still has Danish in its own local storage: the shared choice wins.
    await page.goto(fx.server.url('app', '/'));
    await visible(page.getByRole('link', { name: 'Privacy policy' }));
    expect(await page.getAttribute('html', 'lang')).toBe('en');
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

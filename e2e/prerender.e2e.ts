/**
 * Prerendered landing pages (ADR 023): the served HTML already holds each host's landing page in
 * the visitor's language, shows the variant of the screen's width before any script runs, and
 * the live page that replaces it moves nothing and logs no error.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { httpGet } from './support/api-client';
import { useServerAndBrowser, visible } from './support/fixture';
import { collectPageErrors } from './support/page-errors';

const fx = useServerAndBrowser();

const LANDINGS = [
  { app: 'delphi', path: '/', en: 'Cognitive games study' },
  { app: 'api', path: '/api', en: 'API pages' },
] as const;

/** Layout shifts since the page started (buffered), the way CLS counts them (no recent input). */
function layoutShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

describe('prerendered landing pages', () => {
  it('the HTML alone shows the heading in English, and in Danish with the language cookie', async () => {
    for (const { app, path, en } of LANDINGS) {
      // No Accept-Encoding: the page as it is.
      const response = await httpGet(fx.server.port, path, { host: `${app}.chi.localhost:${fx.server.port}` });
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).toContain(`>${en}</h1>`);
    }
    const { context, page } = await fx.page({ width: 360 });
    await context.addCookies([{ name: 'chi_language', value: 'dk', url: fx.server.url('delphi') }]);
    // No script at all: what the browser paints from the HTML.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(fx.server.url('delphi'));
    expect(await page.locator('html').getAttribute('lang')).toBe('da');
    await visible(page.locator('h1:visible', { hasText: 'Undersøgelse med kognitive spil' }));
    await context.close();
  });

  it('before any script runs, a phone sees the burger and a desktop the links and the language switch', async () => {
    for (const [width, burger, switcher] of [
      [360, true, false],
      [1280, false, true],
    ] as const) {
      const { context, page } = await fx.page({ width });
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(fx.server.url('delphi'));
      await visible(page.locator('h1:visible', { hasText: 'Cognitive games study' }));
      expect(await page.locator('.mantine-Burger-root:visible').count()).toBe(burger ? 1 : 0);
      expect(await page.locator('select:visible').count()).toBe(switcher ? 1 : 0);
      // Nothing of the static page takes a click yet: it is inert until the live page replaces it.
      expect(await page.locator('[data-chi-width]:visible').getAttribute('inert')).toBe('');
      await context.close();
    }
  });

  for (const width of [320, 1280]) {
    it(`at ${width} px the live page replaces the static one without a layout shift or console error, and works`, async () => {
      for (const { app, path, en } of LANDINGS) {
        const { context, page } = await fx.page({ width, height: 800 });
        const errors = collectPageErrors(page);
        await page.goto(fx.server.url(app, path));
        // The static variants are gone once the live page is in.
        await page.locator('[data-chi-width]').first().waitFor({ state: 'detached', timeout: 30_000 });
        await visible(page.getByRole('heading', { level: 1, name: en }));
        expect(await layoutShifts(page)).toBeLessThan(0.01);
        await page.getByRole('button', { name: 'Log in' }).click();
        await visible(page.getByRole('dialog', { name: 'Login' }));
        expect(errors.take()).toEqual([]);
        await context.close();
      }
    });
  }
});

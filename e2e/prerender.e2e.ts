/**
 * Prerendered landing pages (ADR 023): the served HTML already holds each host's landing page in
 * the visitor's language, shows the variant of the screen's width before any script runs, and
 * the live page that replaces it moves nothing and logs no error. The static page stays static
 * until the person reaches for it, and what they did on it is carried over (ADR 040).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { httpGet } from './support/api-client';
import { reachFor } from './support/live-page';
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
      await context.close();
    }
  });

  it('runs no script until the person reaches for the page; one tap on the static burger opens the live menu', async () => {
    const { context, page } = await fx.page({ width: 360, height: 800 });
    const errors = collectPageErrors(page);
    await page.goto(fx.server.url('delphi'));
    await visible(page.locator('h1:visible', { hasText: 'Cognitive games study' }));
    await page.waitForTimeout(1_500);
    // Still the static page: no stage of the live page has started.
    expect(await page.evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('chi:boot:')).length)).toBe(0);
    expect(await page.locator('[data-chi-width]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('button', { name: 'Close menu' }), 30_000);
    await visible(page.getByRole('navigation').getByLabel('Language'));
    expect(await page.locator('[data-chi-width]').count()).toBe(0);
    expect(errors.take()).toEqual([]);
    await context.close();
  });

  it('keeps what was typed on the static page, and the focus, when the live page comes', async () => {
    const { context, page } = await fx.page({ width: 390, height: 800 });
    await page.goto(fx.server.url('creavisions'));
    const field = page.getByRole('textbox', { name: /Event name/ });
    await field.click();
    await page.keyboard.type('future-city');
    await page.locator('[data-chi-width]').first().waitFor({ state: 'detached', timeout: 30_000 });
    // The static variants go when the live page is rendered; what was typed and the focus are
    // carried over right after (ADR 040's replay): wait for that, not only for the render.
    await expect.poll(() => field.inputValue()).toBe('future-city');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // The live form works with what was typed.
    await page.keyboard.type('-2');
    expect(await field.inputValue()).toBe('future-city-2');
    await context.close();
  });

  it('sends a logged-in person the live page at once, not the visitor\'s static one', async () => {
    const response = await httpGet(fx.server.port, '/', { host: `delphi.chi.localhost:${fx.server.port}`, cookie: 'chi_session=x' });
    expect(response.body).not.toContain('data-prerendered');
  });

  for (const width of [320, 1280]) {
    it(`at ${width} px the live page replaces the static one without a layout shift or console error, and works`, async () => {
      for (const { app, path, en } of LANDINGS) {
        const { context, page } = await fx.page({ width, height: 800 });
        const errors = collectPageErrors(page);
        await page.goto(fx.server.url(app, path));
        // A pointer moving over the page starts the live one (no click: CLS counts shifts without
        // input); the static variants are gone once the live page is in.
        await reachFor(page);
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

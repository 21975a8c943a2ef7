import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

describe('unknown paths', () => {
  it('show "Page not found" with the path, after 0.5 s and not before', async () => {
    const { context, page } = await fx.page();
    // Record, in the page, when the not-found text first appears relative to navigation start.
    await page.addInitScript(() => {
      const w = window as unknown as { __notFoundAt?: number };
      new MutationObserver(() => {
        if (w.__notFoundAt === undefined && document.body?.innerText.includes('Page not found')) {
          w.__notFoundAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(fx.server.url('delphi', '/no/such/page'));
    await visible(page.getByText('Page not found'));
    await visible(page.getByText('/no/such/page'));
    const appearedAt = await page.evaluate(() => (window as unknown as { __notFoundAt?: number }).__notFoundAt);
    expect(appearedAt).toBeGreaterThanOrEqual(500);
    await context.close();
  });

  it('a known path is not reported as missing', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('app', '/privacy'));
    await visible(page.getByRole('heading', { level: 1 }));
    await page.waitForTimeout(800);
    expect(await page.getByText('Page not found').count()).toBe(0);
    await context.close();
  });
});

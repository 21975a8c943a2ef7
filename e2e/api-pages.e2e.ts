import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

describe('API landing page and an unavailable server', () => {
  it('lists every call under readable group headings: a phone reader scrolling the prerendered page gets all of them (issue 25 item 12)', async () => {
    const { context, page } = await fx.page({ width: 390, height: 844 });
    await page.goto(fx.server.url('api', '/api'));
    await visible(page.getByRole('heading', { level: 2, name: 'System' }));
    // No pointer and no key, only scrolling: the static page (ADR 040) must not stop at its first cards.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await visible(page.getByRole('heading', { level: 2, name: 'Creative visions' }), 60_000);
    await visible(page.getByRole('article', { name: 'POST /api/v1/actions/delphi/Game/action/startGame' }));
    await page.locator('[data-chi-more]').waitFor({ state: 'detached' });
    const headings = await page.locator('main section > h2').allTextContents();
    expect(headings).toEqual(['System', 'Accounts, sessions and files', 'Delphi games study', 'Documents', 'Cognitive-control framework (CCF)', 'Assistants', 'Creative visions']);
    const shown = await page.locator('main article').count();
    expect(await page.getByText(`${shown} operations`, { exact: false }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('api.chi.localhost shows "API pages" with every operation, then reports a stopped server', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('api', '/'));
    await page.waitForURL((url) => url.pathname === '/api');
    await visible(page.getByRole('heading', { name: 'API pages', level: 1 }));
    await visible(page.getByRole('link', { name: 'Home' }));
    for (const path of ['/api/v1/health', '/api/v1/config', '/api/v1/openapi.json']) {
      await visible(page.getByText(path, { exact: true }));
    }

    await fx.server.stop();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const box = page.getByRole('alertdialog').filter({ hasText: 'The server is currently unavailable.' });
    await visible(box);
    expect(await box.innerText()).toContain('Load API reference Error');
    await box.click();
    await hidden(box);
    expect(await page.getByText('The server is currently unavailable.').count()).toBe(0);
    await context.close();
  });
});


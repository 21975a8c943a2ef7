import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

describe('API landing page and an unavailable server', () => {
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

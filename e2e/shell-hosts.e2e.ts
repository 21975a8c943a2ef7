import { APP_IDS, chunkName } from '@chi/contract';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';
import { reachFor } from './support/live-page';

const fx = useServerAndBrowser();

describe('the first host label picks the app', () => {
  for (const app of APP_IDS) {
    it(`${app}.chi.localhost loads the ${chunkName(app)} chunk and shows its home`, async () => {
      const { context, page } = await fx.page();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(fx.server.url(app));
      await visible(page.locator('main h1'));
      // A prerendered home fetches its chunk once the person reaches for it (ADR 040).
      await reachFor(page);
      expect(scripts.some((path) => path.startsWith(`/assets/${chunkName(app)}-`))).toBe(true);
      const otherChunks = APP_IDS.filter((other) => other !== app).map((other) => `/assets/${chunkName(other)}-`);
      expect(scripts.filter((path) => otherChunks.some((prefix) => path.startsWith(prefix)))).toEqual([]);
      await context.close();
    });
  }

  it('a host that names no app shows the showcase, which links to every app', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url(null));
    await visible(page.locator('main h1'));
    for (const app of APP_IDS.filter((a) => a !== 'showcase')) {
      const link = page.locator(`main a[href="http://${app}.chi.localhost:${fx.server.port}"], main a[href="http://${app}.chi.localhost:${fx.server.port}/"]`);
      await visible(link);
    }
    await context.close();
  });

  it('a host naming an app that does not exist answers MODULE_NOT_FOUND, with a way to the showcase (ADR 049)', async () => {
    const { context, page } = await fx.page();
    const response = await page.goto(`http://foo.chi.localhost:${fx.server.port}/`);
    expect(response?.status()).toBe(404);
    await visible(page.getByRole('heading', { level: 1, name: 'No app at this address' }));
    await visible(page.getByText('MODULE_NOT_FOUND', { exact: true }));
    await page.getByRole('link', { name: 'Go to the showcase' }).click();
    await page.waitForURL((url) => url.hostname === 'chi.localhost');
    await visible(page.locator('main h1'));
    await context.close();
  });

  it('following a showcase link opens that app', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('showcase'));
    const link = page.locator(`main a[href^="http://delphi.chi.localhost:${fx.server.port}"]`).filter({ visible: true }).first();
    await visible(link);
    await link.click();
    await page.waitForURL((url) => url.hostname === 'delphi.chi.localhost');
    await visible(page.locator('main h1'));
    expect(await page.locator('main h1:visible').first().textContent()).not.toBe('');
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

describe('layout, footer and its pages', () => {
  it('the footer shows the EU funding notice and links to real policy pages', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('delphi', '/'));
    const footer = page.locator('footer:visible');
    await visible(footer.getByText(/funding from the European Union/));
    for (const [name, path] of [
      ['Privacy policy', '/privacy'],
      ['Terms of use', '/terms'],
      ['Cookie policy', '/cookies'],
    ] as const) {
      await footer.getByRole('link', { name }).click();
      await page.waitForURL((url) => url.pathname === path);
      // The new page's own heading: the footer stays put while the page's chunk loads.
      const heading = page.getByRole('heading', { level: 1, name });
      await visible(heading);
      expect(await heading.textContent()).toContain(name);
      // A real page: more than a heading.
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(300);
    }
    await context.close();
  });

  it('below 1000 px the navigation moves into a menu button', async () => {
    const { context, page } = await fx.page({ width: 400, height: 800 });
    await page.goto(fx.server.url('showcase', '/'));
    const burger = page.getByRole('button', { name: 'Open menu' });
    await visible(burger);
    await context.close();

    const wide = await fx.page({ width: 1280, height: 800 });
    await wide.page.goto(fx.server.url('showcase', '/'));
    await visible(wide.page.locator('main h1:visible'));
    await hidden(wide.page.getByRole('button', { name: 'Open menu' }));
    await wide.context.close();
  });

  it('sections are at most 1440 px wide on a wide screen', async () => {
    const { context, page } = await fx.page({ width: 1920, height: 900 });
    await page.goto(fx.server.url('showcase', '/'));
    // The heading on screen (a prerendered home also holds its phone variant, hidden).
    await visible(page.locator('main h1:visible'));
    const width = await page.locator('main h1:visible').evaluate((el) => {
      let node: HTMLElement | null = el as HTMLElement;
      let narrowest = Number.POSITIVE_INFINITY;
      while (node && node.tagName !== 'BODY') {
        narrowest = Math.min(narrowest, node.getBoundingClientRect().width);
        node = node.parentElement;
      }
      return narrowest;
    });
    expect(width).toBeLessThanOrEqual(1440);
    await context.close();
  });
});

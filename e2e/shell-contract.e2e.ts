/**
 * A page and the server built from one tree name the same contract (ADR 080): otherwise every
 * answer that failed to fit would wrongly tell the person the page is out of date.
 */
import { CONTRACT_HEADER } from '@chi/contract';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';
import { reachFor } from './support/live-page';

const fx = useServerAndBrowser();

describe('the contract a page was built with', () => {
  it('is the one the server names on its answers', async () => {
    const { context, page } = await fx.page();
    const named = new Set<string>();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      const contract = response.headers()[CONTRACT_HEADER.toLowerCase()];
      if (contract) named.add(contract);
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => '')); // a script still loading when the page closes has no text
    });
    await page.goto(fx.server.url('delphi'));
    await visible(page.locator('main h1'));
    await reachFor(page);
    await expect.poll(() => named.size).toBe(1);
    const [contract] = [...named];
    expect(contract).toMatch(/^[0-9a-f]{16}$/);
    const sources = await Promise.all(scripts);
    // The minifier may quote it either way.
    expect(sources.some((source) => ['"', "'", '`'].some((quote) => source.includes(`${quote}${contract}${quote}`)))).toBe(true);
    await context.close();
  });
});

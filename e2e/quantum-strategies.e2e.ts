/**
 * Quantum strategies end to end (issue 16 part 3): on a fresh install the sample documents are
 * listed; a visitor filters, sorts and pages (the state survives a reload through the URL),
 * searches the full text and opens a document in the reader.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { describeFindings, seriousViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';

const fx = useServerAndBrowser();

const table = (page: Page) => page.getByRole('region', { name: 'Strategy documents' });
const status = (page: Page, text: string) => visible(page.getByRole('status').filter({ hasText: text }));
/** The titles of the shown rows, once the table shows `expected` (wait for state, not time). */
async function titles(page: Page): Promise<string[]> {
  const rows = table(page).getByRole('row');
  const texts = await rows.locator('td:first-child button').allTextContents();
  return texts.map((text) => text.trim());
}

async function noAxeFindings(page: Page, where: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, describeFindings(where, findings)).toEqual([]);
}

describe('quantum strategies', () => {
  it('filters, sorts and pages on the server, and the view survives a reload through the URL', async () => {
    const { context, page } = await fx.page({ width: 1280, height: 900 });
    const errors = collectPageErrors(page);
    await page.goto(fx.server.url('assistants', '/quantumStrategies'));
    await visible(page.getByRole('heading', { name: 'Quantum strategies', level: 1 }));
    await status(page, '8 documents · Showing 1–8 of 8');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Adopted' });
    await status(page, '5 documents · Showing 1–5 of 5');
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Any' });
    // One change at a time: the next starts from the URL the first one wrote.
    await status(page, '8 documents · Showing 1–8 of 8');
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('5');
    await status(page, '8 documents · Showing 1–5 of 8');

    await page.getByRole('button', { name: 'Sort by Year' }).click();
    await visible(page.getByRole('button', { name: 'Sort by Year, sorted ascending' }));
    await visible(table(page).getByRole('row').nth(1).getByText('Encryption guidance 2019 (superseded)'));
    await page.getByRole('button', { name: 'Sort by Year, sorted ascending' }).click();
    await visible(page.getByRole('button', { name: 'Sort by Year, sorted descending' }));
    await visible(table(page).getByRole('row').nth(1).getByText('Responsible quantum technology: export, ethics and public dialogue'));

    await page.getByRole('navigation', { name: 'Pages of strategy documents' }).getByRole('button', { name: '2', exact: true }).click();
    await status(page, '8 documents · Showing 6–8 of 8');
    const secondPage = ['Quantum skills programme: from first course to research engineer', 'Industry partnerships and the first quantum-ready companies', 'Encryption guidance 2019 (superseded)'];
    expect(await titles(page)).toEqual(secondPage);
    expect(new URL(page.url()).search).toBe('?sort=year.desc&page=2&size=5');

    await page.reload();
    await status(page, '8 documents · Showing 6–8 of 8');
    expect(await titles(page)).toEqual(secondPage);
    expect(await page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('5');

    // A filter starts again at the first page.
    await page.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'Security' });
    await status(page, '2 documents · Showing 1–2 of 2');
    expect(await titles(page)).toEqual(['Post-quantum migration roadmap for a research university', 'Encryption guidance 2019 (superseded)']);
    expect(errors.take()).toEqual([]);
    await context.close();
  });

  it('searches the full text, opens a document in the reader (reopened by a reload), and says when nothing matches (phone)', async () => {
    const { context, page } = await fx.page({ width: 390, height: 800 });
    await page.goto(fx.server.url('assistants', '/quantumStrategies'));
    await status(page, '8 documents');
    await page.getByLabel('Search the full text').fill('harvest now, decrypt later');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(page.getByText('Sorted by relevance to your search.'));
    expect((await titles(page))[0]).toBe('Post-quantum migration roadmap for a research university');
    await noAxeFindings(page, 'strategies list');

    await table(page).getByRole('button', { name: 'Post-quantum migration roadmap for a research university' }).click();
    const reader = page.getByRole('dialog', { name: 'Post-quantum migration roadmap for a research university' });
    await visible(reader.getByRole('heading', { name: 'Post-quantum migration roadmap', level: 1 }));
    await visible(reader.getByText('Cryptographic inventory'));
    await noAxeFindings(page, 'strategy reader');
    expect(new URL(page.url()).searchParams.get('doc')).toBe('qs-post-quantum-migration');

    await page.reload();
    await visible(page.getByRole('dialog', { name: 'Post-quantum migration roadmap for a research university' }).getByText('Crypto-agility'));
    await page.getByRole('button', { name: 'Close' }).click();
    await hidden(page.getByRole('dialog'));
    expect(new URL(page.url()).searchParams.get('doc')).toBeNull();
    expect(await page.getByLabel('Search the full text').inputValue()).toBe('harvest now, decrypt later');

    await page.getByLabel('Search the full text').fill('xylophone');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(page.getByText('No strategy documents match. Try fewer filters or other search words.'));
    await context.close();
  });
});

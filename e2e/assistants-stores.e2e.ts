/**
 * Files and stores on an assistant's administration page (issue 25 item 22, ADR 059): create a
 * vector store, copy the assistant's file into it, rename it, share it with another account
 * (who then finds it among their stores), and delete it after the confirm step.
 */
import { describe, expect, it } from 'vitest';
import { assistants } from '@chi/contract';
import { callApi } from './support/api-client';
import { createAccountByApi, logInBrowser } from './support/api-accounts';
import { useServerAndBrowser, visible, hidden } from './support/fixture';

const fx = useServerAndBrowser();
const HOST = 'assistants.chi.localhost';

describe('assistants: files and stores', () => {
  it('creates a store, copies a file in, renames, shares and deletes it', async () => {
    const [owner, reader] = await Promise.all([createAccountByApi(fx, 'Olga', 'Owner'), createAccountByApi(fx, 'Rasmus', 'Reader')]);
    const created = await callApi(fx.server.port, assistants.createAssistant, { name: 'Library desk' }, { host: HOST, cookie: owner.cookie });
    const assistant = created.json<assistants.Assistant>();
    const readerStores = async () =>
      (await callApi(fx.server.port, assistants.listVectorStores, {}, { host: HOST, cookie: reader.cookie })).json<{ vectorStores: assistants.VectorStoreSummary[] }>().vectorStores.map((s) => s.name);

    const { context, page } = await fx.page();
    await logInBrowser(fx, context, owner, 'assistants');
    await page.goto(fx.server.url('assistants', `/assistant/${assistant._id}/ad`));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add files' }).click()]);
    await chooser.setFiles({ name: 'hours.txt', mimeType: 'text/plain', buffer: Buffer.from('The library opens at 8 am on weekdays.\n') });
    await visible(page.getByRole('list', { name: 'Files' }).locator('li[data-file="hours.txt"]').getByText('Ready'), 20_000);

    const section = page.getByRole('region', { name: 'Files and stores' });
    await section.getByLabel('Name of a new store').fill('Reading list');
    await section.getByRole('button', { name: 'Create store' }).click();
    await visible(section.getByRole('status').getByText('Store Reading list created.'));
    const card = section.getByRole('listitem', { name: 'Reading list' });
    await card.getByRole('button', { name: 'Manage Reading list' }).click();

    await card.getByRole('combobox', { name: 'Files to copy into Reading list' }).click();
    await page.getByRole('option', { name: 'hours.txt' }).click();
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Copy into store' }).click();
    await visible(card.getByRole('list', { name: 'Files in Reading list' }).getByText('hours.txt'));

    await card.getByLabel('New name for Reading list').fill('Library papers');
    await card.getByRole('button', { name: 'Rename' }).click();
    const renamed = section.getByRole('listitem', { name: 'Library papers' });
    await visible(renamed.getByRole('heading', { name: 'Library papers' }));
    await visible(renamed.getByText('1 file', { exact: false }));

    await renamed.getByRole('combobox', { name: 'Share Library papers with' }).fill('Rasmus');
    await page.getByRole('option', { name: 'Rasmus Reader' }).click();
    await renamed.getByRole('button', { name: 'Share', exact: true }).click();
    await visible(renamed.getByRole('list', { name: 'People Library papers is shared with' }).getByText('Rasmus Reader'));
    expect(await readerStores()).toContain('Library papers');

    await renamed.getByRole('button', { name: 'Delete the store Library papers' }).click();
    await renamed.getByRole('button', { name: 'Yes, delete' }).click();
    await hidden(section.getByRole('listitem', { name: 'Library papers' }));
    await visible(section.getByRole('status').getByText('Store Library papers deleted.'));
    expect(await readerStores()).not.toContain('Library papers');
  }, 90_000);
});

/**
 * Replacing an assistant's file through the UI (issue 14, ADR 028): the files panel's Replace
 * action uploads a new version with progress and shows its indexing; an answer given before
 * still opens the text it cited, with the notice that the file has since been replaced.
 */
import { describe, expect, it } from 'vitest';
import { newPerson } from './support/account-flows';
import { signUpByApi } from './support/api-accounts';
import { useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

const OLD = 'The library opens at 8 am on weekdays and closes at 6 pm.\n';
const NEW = 'The library opens at 10 am on weekdays and closes at 4 pm.\n';

describe('assistants: replace a file', () => {
  it('replaces a file with a new version, and an older answer still opens the text it cited with a notice', async () => {
    const { page } = await fx.page();
    await signUpByApi(fx, page, newPerson('Ada', 'Lovelace'));
    await page.goto(fx.server.url('assistants', '/custom'));
    await page.getByRole('link', { name: 'New assistant' }).click();
    await page.getByLabel(/^Name/).fill('Library desk');
    await page.getByRole('button', { name: 'Create assistant' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/ad'));
    const admin = page.url();

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add files' }).click()]);
    await chooser.setFiles({ name: 'hours.txt', mimeType: 'text/plain', buffer: Buffer.from(OLD) });
    const item = page.getByRole('list', { name: 'Files' }).locator('li[data-file="hours.txt"]');
    await visible(item.getByText('Ready'), 20_000);
    await visible(item.getByText('version 1', { exact: false }));

    await page.getByRole('link', { name: 'Open chat' }).click();
    const box = page.getByLabel('Your question');
    await box.fill('When does the library open?');
    await box.press('Enter');
    await page.waitForURL((url) => /\/thread\/[0-9a-f-]{36}$/.test(url.pathname));
    const answer = page.getByRole('list', { name: 'Messages' }).locator('[data-role="assistant"]');
    await visible(answer.getByRole('button', { name: 'Reference 1: hours.txt' }));
    const thread = page.url();

    await page.goto(admin);
    const [replacement] = await Promise.all([page.waitForEvent('filechooser'), item.getByRole('button', { name: 'Replace hours.txt with a new version' }).click()]);
    await replacement.setFiles({ name: 'hours.txt', mimeType: 'text/plain', buffer: Buffer.from(NEW) });
    await visible(item.getByText('version 2', { exact: false }), 20_000);
    await visible(item.getByText('Ready'), 20_000);
    expect(await item.getByRole('progressbar', { name: 'Indexing hours.txt' }).getAttribute('aria-valuenow')).toBe('100');
    await visible(item.getByText('Answers that cited the old version still open its text.'));

    await page.goto(thread);
    await page.getByRole('button', { name: 'Reference 1: hours.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reference' });
    await visible(dialog.getByText('The file has been replaced since this answer; this is the text as it was cited (version 1).'));
    await visible(dialog.getByLabel('Text').getByText('opens at 8 am on weekdays', { exact: false }));
    expect(await dialog.getByText('opens at 10 am', { exact: false }).count()).toBe(0);
  }, 90_000);
});

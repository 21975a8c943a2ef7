/**
 * What first-time users tripped over in the assistants (issue 25 items 19 and 21), through the
 * UI with no language model: an empty name says the field is required; deleting a file or a
 * thread asks first; the extractive answer quotes whole sentences; a reference's modal counts
 * parts from 1, names the page, marks the cited sentence and keeps the reference in the URL
 * (a reload opens it again); a custom assistant's thread page says administrators can read it;
 * another reader of a published thread sees the author's name, not "You"; a page the reader may
 * not open says why.
 */
import { describe, expect, it } from 'vitest';
import { newPerson } from './support/account-flows';
import { signUpByApi } from './support/api-accounts';
import { useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

const CONSENT = [
  'Participant Consent Procedure',
  '1. Participants read the information sheet before the session.',
  '2. Participants sign the consent form.',
  '7. Questions about the study go to ethics@chi.dk or to the study lead.',
].join('\n');

describe('assistants for first-time users', () => {
  it('asks before deleting, quotes whole sentences, opens references from the URL and names authors', async () => {
    const owner = newPerson('Grace', 'Hopper');
    const { page } = await fx.page();
    await signUpByApi(fx, page, owner);
    await page.goto(fx.server.url('assistants', '/assistant/new'));
    await page.getByRole('button', { name: 'Create assistant' }).click();
    await visible(page.getByText('This field is required'));
    await page.getByLabel(/^Name/).fill('Consent desk');
    await page.getByRole('button', { name: 'Create assistant' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/ad'));
    const id = new URL(page.url()).pathname.split('/')[2] ?? '';

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add files' }).click()]);
    await chooser.setFiles([
      { name: 'consent.txt', mimeType: 'text/plain', buffer: Buffer.from(CONSENT) },
      { name: 'old.txt', mimeType: 'text/plain', buffer: Buffer.from('An old note about parking.') },
      // A file the server does not index (the picker's "All files"), and one it refuses for its content:
      // both left out and said, the others added (an empty file once made the server refuse them all).
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    const notAdded = page.getByRole('alert').filter({ hasText: 'Not added' });
    await visible(notAdded.getByRole('listitem').filter({ hasText: 'setup.exe: not a PDF, DOCX, TXT, Markdown, HTML, CSV or JSON file' }));
    await visible(notAdded.getByRole('listitem').filter({ hasText: 'empty.txt: the file is empty' }));
    const files = page.getByRole('list', { name: 'Files' });
    await visible(files.locator('li[data-file="old.txt"]').getByText('Ready'), 20_000);
    await visible(files.locator('li[data-file="consent.txt"]').getByText('Ready'), 20_000);
    // Deleting a file asks first; Cancel keeps it.
    await files.getByRole('button', { name: 'Remove old.txt' }).click();
    await visible(files.getByText('Delete old.txt from the assistant?', { exact: false }));
    await files.getByRole('button', { name: 'Cancel' }).click();
    await visible(files.locator('li[data-file="old.txt"]'));
    await files.getByRole('button', { name: 'Remove old.txt' }).click();
    await files.getByRole('button', { name: 'Yes, delete' }).click();
    await files.locator('li[data-file="old.txt"]').waitFor({ state: 'detached' });

    await page.goto(fx.server.url('assistants', `/assistant/${id}/thread`));
    await visible(page.getByText('the site’s administrators can read them', { exact: false }).or(page.getByText("the site's administrators can read them", { exact: false })));
    const box = page.getByLabel('Your question');
    await box.fill('Who do I write to with questions about the study?');
    await box.press('Enter');
    await page.waitForURL((url) => /\/thread\/[0-9a-f-]{36}$/.test(url.pathname));
    const answer = page.getByRole('list', { name: 'Messages' }).locator('[data-role="assistant"]');
    await visible(answer.getByText('Questions about the study go to ethics@chi.dk or to the study lead.', { exact: false }));
    const said = (await answer.getByTestId('answer').textContent()) ?? '';
    expect(said).not.toMatch(/Participant Consent Procedure|\b\d\. \[|ethics@chi\. /);

    await answer.getByRole('button', { name: 'Reference 1: consent.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reference' });
    await visible(dialog);
    expect(new URL(page.url()).searchParams.get('ref')).toMatch(/^[0-9a-f-]{36}\.1$/);
    await visible(dialog.getByText('Part:'));
    expect(await dialog.getByText('Part:').locator('..').textContent()).toBe('Part: 1');
    await visible(dialog.getByLabel('Cited').getByText('Questions about the study go to ethics@chi.dk or to the study lead.'));
    // The reference is in the URL: a reload (or the link shared) opens it again.
    await page.reload();
    await visible(page.getByRole('dialog', { name: 'Reference' }).getByLabel('Cited'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish thread' }).click();
    await visible(page.getByText('Published', { exact: true }));
    const threadUrl = page.url();
    await page.goto(fx.server.url('assistants', `/assistant/${id}/ad`));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await visible(page.getByText('Published: every logged-in user can use this assistant.'));

    const reader = await fx.page({ width: 390, height: 800 });
    await signUpByApi(fx, reader.page, newPerson('Alan', 'Turing'));
    await reader.page.goto(threadUrl);
    const messages = reader.page.getByRole('list', { name: 'Messages' });
    await visible(messages.locator('[data-role="user"]').getByText('Grace Hopper'));
    expect(await messages.getByText('You', { exact: true }).count()).toBe(0);
    // The owner's page says "not allowed", not "not found".
    await reader.page.goto(fx.server.url('assistants', `/assistant/${id}/ad`));
    await visible(reader.page.getByRole('alert').getByText('You are not allowed to manage this assistant', { exact: false }));

    // Retracted, the assistant is no longer shared: the page says so, with no internal action name.
    await page.getByRole('button', { name: 'Retract', exact: true }).click();
    await visible(page.getByText('Not published: only you can use this assistant.'));
    await reader.page.goto(fx.server.url('assistants', `/custom/assistant/${id}`));
    await visible(reader.page.getByText('This assistant does not exist, or its owner has not shared it with you.'));
    expect(await reader.page.getByText(/LOAD_ASSISTANT|Service action not found/).count()).toBe(0);
    await reader.context.close();

    // Deleting the thread asks first.
    await page.goto(threadUrl);
    await page.getByRole('button', { name: 'Delete thread' }).click();
    await visible(page.getByText('Delete this thread and all its messages?', { exact: false }));
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.waitForURL((url) => url.pathname === `/assistant/${id}/thread`);
    await visible(page.getByText('No threads yet.'));
  }, 120_000);
});

/**
 * Assistants (issue 14) through the UI, with no language model (the default): a person creates
 * an assistant, uploads two documents and watches them index, asks, sees the streamed answer
 * with its references, opens one and reads the cited text; a second person uses the published
 * assistant; a teaching assistant's instructor reads a student's thread. Pages are checked
 * with axe and at 320 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPerson } from './support/account-flows';
import { signUpByApi } from './support/api-accounts';
import { describeFindings, seriousViolations } from './support/axe';
import { useServerAndBrowser, visible } from './support/fixture';
import { expectNoSidewaysScroll } from './support/layout';

const fx = useServerAndBrowser();

const HANDBOOK = '# Annual leave\n\nStaff get 25 days of annual leave each year. Unused days expire in April.\n\n# Sick leave\n\nReport sickness to your manager before 9 am.\n';
const IT_POLICY = 'Passwords must be changed every 90 days. The help desk is open on weekdays.\n';

async function createAssistant(page: Page, name: string, teaching?: { course: string }): Promise<string> {
  await page.goto(fx.server.url('assistants', teaching ? '/teaching' : '/custom'));
  await page.getByRole('link', { name: teaching ? 'New teaching assistant' : 'New assistant' }).click();
  await visible(page.getByRole('heading', { name: 'New assistant' }));
  await page.getByLabel(/^Name/).fill(name);
  if (teaching) await page.getByLabel('Course').fill(teaching.course);
  await page.getByRole('button', { name: 'Create assistant' }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/ad'));
  await visible(page.getByRole('heading', { name: `Manage ${name}` }));
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

async function addFiles(page: Page, files: { name: string; text: string }[]): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add files' }).click()]);
  await chooser.setFiles(files.map((f) => ({ name: f.name, mimeType: 'text/plain', buffer: Buffer.from(f.text) })));
  const list = page.getByRole('list', { name: 'Files' });
  for (const file of files) {
    const item = list.locator(`li[data-file="${file.name}"]`);
    await visible(item.getByRole('progressbar', { name: `Indexing ${file.name}` }));
    await visible(item.getByText('Ready'), 20_000);
    expect(await item.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  }
}

async function ask(page: Page, question: string): Promise<void> {
  const box = page.getByLabel('Your question');
  await box.fill(question);
  await box.press('Enter');
  await visible(page.getByRole('list', { name: 'Messages' }).getByText(question));
}

describe('assistants', () => {
  it('creates an assistant, indexes two documents, streams an answer with references that open the cited text, and lets another user use it once published', async () => {
    const owner = newPerson('Grace', 'Hopper');
    const { page } = await fx.page();
    await signUpByApi(fx, page, owner);
    const id = await createAssistant(page, 'Staff handbook');
    await addFiles(page, [
      { name: 'handbook.md', text: HANDBOOK },
      { name: 'it-policy.txt', text: IT_POLICY },
    ]);
    await visible(page.getByText('Indexed passages: 3'));
    expect(describeFindings('admin page', await seriousViolations(page))).toContain(': 0 serious');

    await page.getByRole('link', { name: 'Open chat' }).click();
    await page.waitForURL((url) => url.pathname === `/assistant/${id}/thread`);
    const events: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/pipes/')) events.push(response.headers()['content-type'] ?? '');
    });
    await ask(page, 'How many days of annual leave do staff get?');
    // The new thread gets its own address; the answer streams in and is saved.
    await page.waitForURL((url) => /^\/assistant\/[^/]+\/thread\/[0-9a-f-]{36}$/.test(url.pathname));
    const answer = page.getByRole('list', { name: 'Messages' }).locator('[data-role="assistant"]');
    await visible(answer.getByText('No language model is configured on this server', { exact: false }));
    await visible(answer.getByText('Staff get 25 days of annual leave each year.', { exact: false }));
    expect(events.every((type) => type.startsWith('text/event-stream'))).toBe(true);
    const reference = answer.getByRole('button', { name: 'Reference 1: handbook.md' });
    await visible(reference);
    expect(await answer.getByRole('button', { name: /^Reference \d/ }).count()).toBeGreaterThanOrEqual(2);
    expect(describeFindings('thread page', await seriousViolations(page))).toContain(': 0 serious');

    await reference.click();
    const dialog = page.getByRole('dialog', { name: 'Reference' });
    await visible(dialog);
    await visible(dialog.getByLabel('Text').getByText('Staff get 25 days of annual leave each year. Unused days expire in April.', { exact: false }));
    await visible(dialog.getByText('handbook.md'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const threadUrl = page.url();

    // A reload shows the saved answer with the same references.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Reference 1: handbook.md' }));

    // Not published yet: another person cannot see it.
    const other = newPerson('Alan', 'Turing');
    const second = await fx.page({ width: 320, height: 800 });
    await signUpByApi(fx, second.page, other);
    await second.page.goto(fx.server.url('assistants', '/custom'));
    await visible(second.page.getByText('No assistants yet.'));

    await page.goto(fx.server.url('assistants', `/assistant/${id}/ad`));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await visible(page.getByText('Published: every logged-in user can use this assistant.'));

    await second.page.goto(fx.server.url('assistants', '/custom'));
    await second.page.getByRole('link', { name: 'Chat: Staff handbook' }).click();
    await ask(second.page, 'When must passwords be changed?');
    const theirs = second.page.getByRole('list', { name: 'Messages' }).locator('[data-role="assistant"]');
    await visible(theirs.getByText('Passwords must be changed every 90 days.', { exact: false }));
    await visible(theirs.getByRole('button', { name: /Reference \d: it-policy.txt/ }));
    await expectNoSidewaysScroll(second.page);
    // The owner's thread is private: the second person's list has only their own.
    const threads = second.page.getByRole('list', { name: 'Threads' });
    await visible(threads.getByRole('link', { name: 'When must passwords be changed?' }));
    expect(await threads.getByRole('link').count()).toBe(1);
    await second.page.goto(threadUrl);
    await visible(second.page.getByText('Thread not found', { exact: false }));
    await second.context.close();
  }, 120_000);

  it('lets a teaching assistant’s instructor read a student’s thread, and tells the student so', async () => {
    const instructor = newPerson('Barbara', 'Liskov');
    const { page } = await fx.page();
    await signUpByApi(fx, page, instructor);
    const id = await createAssistant(page, 'Algorithms tutor', { course: 'Algorithms 101' });
    await addFiles(page, [{ name: 'sorting.md', text: '# Merge sort\n\nMerge sort splits the list in halves, sorts each half and merges them in linear time.\n' }]);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await visible(page.getByText('Published: every logged-in user can use this assistant.'));

    const student = newPerson('Edsger', 'Dijkstra');
    const s = await fx.page({ width: 360, height: 800 });
    await signUpByApi(fx, s.page, student);
    await s.page.goto(fx.server.url('assistants', '/teaching'));
    await s.page.getByRole('link', { name: 'Algorithms tutor', exact: true }).click();
    await visible(s.page.getByText('This is a teaching assistant for Algorithms 101. Your instructor can read the threads you start here.'));
    await s.page.getByRole('link', { name: 'Open chat' }).click();
    await visible(s.page.getByText('Your instructor can read the threads you start here.', { exact: false }));
    await ask(s.page, 'How does merge sort work?');
    await visible(s.page.getByRole('button', { name: 'Reference 1: sorting.md' }));
    await expectNoSidewaysScroll(s.page);
    await s.context.close();

    await page.goto(fx.server.url('assistants', `/assistant/${id}/thread`));
    const threads = page.getByRole('list', { name: 'Threads' });
    await visible(threads.getByRole('link', { name: 'How does merge sort work?' }));
    await visible(threads.getByText('Edsger Dijkstra', { exact: false }));
    await threads.getByRole('link', { name: 'How does merge sort work?' }).click();
    await visible(page.getByText('Merge sort splits the list in halves', { exact: false }));
    await visible(page.getByText('You are reading this thread; only its author can ask in it.'));
    expect(await page.getByLabel('Your question').count()).toBe(0);
  }, 90_000);
});

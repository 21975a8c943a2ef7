/**
 * Batch import and the Quantum HR assistant (issue 16 parts 1-2) through the UI, with no
 * language model: an administrator imports a zip and watches each file's progress and the
 * report; a person finds jobs by skills among the sample postings and opens the passage that
 * justifies a match in the chunk modal. Pages are checked with axe and at 320 px.
 */
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { createAccount, logIn, newPerson } from './support/account-flows';
import { describeFindings, seriousViolations } from './support/axe';
import { hidden, useServerAndBrowser, visible } from './support/fixture';

const ADMIN = { email: 'hr.admin@example.org', password: 'admin password 1' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

const posting = (title: string, skills: readonly string[]) => `# ${title}\n\nA new opening.\n\n## Skills\n\n${skills.map((s) => `- ${s}`).join('\n')}\n`;

describe('quantum HR', () => {
  it('an administrator imports a zip and sees each file’s progress and the report', async () => {
    const { page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'assistants');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('assistants', '/batchImport/autumn'));
    await visible(page.getByRole('heading', { name: 'Batch import' }));
    expect(await page.getByLabel('File name prefix').inputValue()).toBe('autumn');
    await visible(page.getByRole('combobox', { name: 'Import into' }));
    expect(await page.getByRole('combobox', { name: 'Import into' }).inputValue()).toBe('Quantum HR: job postings');

    const haskell = posting('Compiler Engineer', ['Haskell', 'Type theory']);
    const zip = zipSync({
      'compiler-engineer.md': strToU8(haskell),
      'copy-of-compiler-engineer.md': strToU8(haskell),
      'statistician.md': strToU8(posting('Survey Statistician', ['Sampling', 'R'])),
      'photo.png': strToU8('not a document'),
    });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose files or a zip' }).click()]);
    await chooser.setFiles([{ name: 'postings.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) }]);

    const files = page.getByRole('list', { name: 'Files' });
    await visible(files.locator('li[data-file="autumn_compiler-engineer.md"]'));
    await visible(page.getByRole('heading', { name: 'Report' }), 30_000);
    await visible(page.getByText('4 of 4 files processed'));
    const file = (name: string) => files.locator(`li[data-file="${name}"]`);
    await visible(file('autumn_compiler-engineer.md').getByText('Imported'));
    await visible(file('autumn_statistician.md').getByText('Imported'));
    await visible(file('autumn_copy-of-compiler-engineer.md').getByText('Duplicate'));
    await visible(file('autumn_photo.png').getByText('Failed'));
    expect(await file('autumn_statistician.md').getByRole('progressbar', { name: 'Progress of autumn_statistician.md' }).getAttribute('aria-valuenow')).toBe('100');
    const report = page.getByRole('region', { name: 'Report' });
    await visible(report.getByText('Imported: 2'));
    await visible(report.getByText('Skipped as duplicates: 1'));
    await visible(report.getByText('Failed: 1'));
    await visible(report.getByText('autumn_photo.png: only PDF, DOCX, TXT, Markdown, HTML, CSV and JSON files are accepted'));
    expect(describeFindings('batch import', await seriousViolations(page))).toContain(': 0 serious');

    // The import is in the address: a reload shows the same files and report.
    await page.reload();
    await visible(page.getByRole('region', { name: 'Report' }).getByText('Imported: 2'));
  });

  it('a person finds jobs by skills and opens the passage that justifies a match', async () => {
    const person = newPerson('Rosalind', 'Franklin');
    const { page } = await fx.page();
    await createAccount(fx, page, person);
    await page.goto(fx.server.url('assistants', '/quantumHRAssistant'));
    await visible(page.getByRole('heading', { name: 'Quantum HR assistant', level: 1 }));
    // The sample postings are ready (on a fresh install they are indexed on the first visit).
    await visible(page.getByText(/^\d+ job postings$/), 30_000);

    const skills = page.getByRole('combobox', { name: 'Skills' });
    await skills.fill('Kubernetes');
    await skills.press('Enter');
    await skills.fill('Bash');
    await skills.press('Enter');
    // The suggestions close as they would for a person moving on.
    await skills.press('Escape');
    await page.getByRole('button', { name: 'Find jobs' }).click();
    const results = page.getByRole('list', { name: 'Matching jobs' });
    await visible(results);
    const first = results.locator('li').first();
    await visible(first.getByRole('heading', { name: 'DevOps Engineer' }));
    await visible(first.getByText('100% match'));
    await visible(first.getByRole('group', { name: 'Matching skills: DevOps Engineer' }).getByText('Kubernetes'));
    // The skill is marked in the justifying passage.
    await visible(first.locator('mark', { hasText: 'Kubernetes' }));
    expect(describeFindings('quantum HR', await seriousViolations(page))).toContain(': 0 serious');

    await first.getByRole('button', { name: 'Open passage 1 of DevOps Engineer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reference' });
    await visible(dialog);
    await visible(dialog.getByText('sample_devops-engineer.md'));
    await visible(dialog.getByLabel('Text').getByText('- Kubernetes', { exact: false }));
    await page.keyboard.press('Escape');
    await hidden(dialog);

    // A pasted CV works the same way; the chat is the assistants' own thread page.
    await page.getByRole('tab', { name: 'Paste a CV' }).click();
    await page.getByLabel('Your CV').fill('I wrote my thesis in Haskell and taught type theory.');
    await page.getByRole('button', { name: 'Find jobs' }).click();
    await visible(page.getByText('Skills searched: Haskell, Type theory'));
    await visible(results.locator('li').first().getByRole('heading', { name: 'Compiler Engineer' }));

    await page.setViewportSize({ width: 320, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Chat with the HR assistant' }).click();
    await visible(page.getByLabel('Your question'));
  });
});

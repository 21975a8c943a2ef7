/**
 * Batch import and the Quantum HR assistant (issue 16 parts 1-2) through the UI, with no
 * language model: an administrator imports a zip and watches each file's progress and the
 * report, imports files into a document collection, and matches an imported CV to the postings; a person finds jobs by skills among the sample postings and opens the passage that
 * justifies a match in the chunk modal. Pages are checked with axe and at 320 px.
 */
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { logIn, newPerson } from './support/account-flows';
import { signUpByApi } from './support/api-accounts';
import { describeFindings, seriousViolations } from './support/axe';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { expectNoSidewaysScroll } from './support/layout';

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
    // Nothing is chosen for the administrator: no store, no upload until they pick one.
    const into = page.getByRole('combobox', { name: 'Import into' });
    await visible(into);
    expect(await into.inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Choose files or a zip' }).isDisabled()).toBe(true);
    await into.click();
    await page.getByRole('option', { name: 'Quantum HR: job postings' }).click();
    expect(await into.inputValue()).toBe('Quantum HR: job postings');

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
    await visible(page.getByText('Imported into Quantum HR: job postings.'));
    await visible(page.getByRole('link', { name: 'Go to the Quantum HR assistant' }));
    expect(describeFindings('batch import', await seriousViolations(page))).toContain(': 0 serious');

    // The import is in the address: a reload shows the same files and report.
    await page.reload();
    await visible(page.getByRole('region', { name: 'Report' }).getByText('Imported: 2'));
  });

  it('a person finds jobs by skills and opens the passage that justifies a match', async () => {
    const person = newPerson('Rosalind', 'Franklin');
    const { page } = await fx.page();
    await signUpByApi(fx, page, person);
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
    // Skills of a sample posting: the test needs nothing another test imported.
    await page.getByLabel('Your CV').fill('I ran EEG sessions and set up eye tracking for my thesis.');
    await page.getByRole('button', { name: 'Find jobs' }).click();
    await visible(page.getByText('Skills searched: EEG, Eye tracking'));
    await visible(results.locator('li').first().getByRole('heading', { name: 'Laboratory Manager' }));

    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Chat with the HR assistant' }).click();
    await visible(page.getByLabel('Your question'));
  });

  it('Enter adds the highlighted suggestion, the list leaves "Find jobs" free, and passages read as text (issue 25 item 23)', async () => {
    const { page } = await fx.page();
    await signUpByApi(fx, page, newPerson('Ada', 'Byron'));
    await page.goto(fx.server.url('assistants', '/quantumHRAssistant'));
    await visible(page.getByText(/^\d+ job postings$/), 30_000);
    const skills = page.getByRole('combobox', { name: 'Skills' });
    await skills.fill('Pyth');
    await visible(page.getByRole('option', { name: 'Python' }));
    const list = await page.getByRole('listbox').boundingBox();
    const find = await page.getByRole('button', { name: 'Find jobs' }).boundingBox();
    expect(list && find && (list.y + list.height <= find.y || list.y >= find.y + find.height)).toBe(true);
    await skills.press('Enter');
    await visible(page.getByText('Python', { exact: true }).first());
    expect(await page.getByText('Pyth', { exact: true }).count()).toBe(0);
    await skills.press('Escape');
    await page.getByRole('button', { name: 'Find jobs' }).click();
    const first = page.getByRole('list', { name: 'Matching jobs' }).locator('li').first();
    await visible(first.locator('mark', { hasText: 'Python' }));
    expect(await first.getByText('## Skills', { exact: false }).count()).toBe(0);
    await visible(page.getByText('Skills searched: Python'));
  }, 90_000);

  it('an administrator imports files into a document collection, duplicates skipped', async () => {
    const { page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'assistants');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('assistants', '/batchImport/handbook'));
    await visible(page.getByRole('heading', { name: 'Batch import' }));
    await page.getByRole('radio', { name: 'Document collection' }).check();
    const dataType = page.getByRole('combobox', { name: 'Data type' });
    await visible(dataType);
    expect(await dataType.inputValue()).toBe('ImportedDocument');
    await dataType.fill('handbook');
    await visible(page.getByText('Use a capital letter, then letters and digits (e.g. ImportedDocument)'));
    expect(await page.getByRole('button', { name: 'Choose files or a zip' }).isDisabled()).toBe(true);
    await dataType.fill('HandbookNote');
    await hidden(page.getByText('Use a capital letter, then letters and digits (e.g. ImportedDocument)'));

    const leave = '# Leave\n\nStaff get thirty days of annual leave.';
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose files or a zip' }).click()]);
    await chooser.setFiles([
      { name: 'leave.md', mimeType: 'text/markdown', buffer: Buffer.from(leave) },
      { name: 'leave-again.md', mimeType: 'text/markdown', buffer: Buffer.from(leave) },
      { name: 'travel.txt', mimeType: 'text/plain', buffer: Buffer.from('Book trains before flights.') },
    ]);
    await visible(page.getByText('Into the document collection assistants / HandbookNote'));
    const report = page.getByRole('region', { name: 'Report' });
    await visible(report, 30_000);
    await visible(page.getByText('3 of 3 files processed'));
    await visible(report.getByText('Imported: 2'));
    await visible(report.getByText('Skipped as duplicates: 1'));
    const files = page.getByRole('list', { name: 'Files' });
    await visible(files.locator('li[data-file="handbook_leave-again.md"]').getByText('Duplicate'));
    await visible(files.locator('li[data-file="handbook_leave-again.md"]').getByText('Reason: the same content as handbook_leave.md'));
    expect(describeFindings('batch import into documents', await seriousViolations(page))).toContain(': 0 serious');
  });

  it('an administrator picks an imported CV to find jobs by skills', async () => {
    const { page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'assistants');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('assistants', '/quantumHRAssistant?tab=imported'));
    await visible(page.getByText(/^\d+ job postings$/), 30_000);
    // No CV yet: the tab says so and leads to the import.
    await visible(page.getByText('No CVs have been imported yet. Import them into “Quantum HR: CVs”.'));
    await page.getByRole('link', { name: 'Import CVs' }).click();
    await visible(page.getByRole('heading', { name: 'Batch import' }));
    await visible(page.getByRole('combobox', { name: 'Import into' }));
    expect(await page.getByRole('combobox', { name: 'Import into' }).inputValue()).toBe('Quantum HR: CVs');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose files or a zip' }).click()]);
    await chooser.setFiles([{ name: 'grace.txt', mimeType: 'text/plain', buffer: Buffer.from('Grace: ten years of Kubernetes clusters and Bash scripting.') }]);
    await visible(page.getByRole('region', { name: 'Report' }).getByText('Imported: 1'), 30_000);

    await page.goto(fx.server.url('assistants', '/quantumHRAssistant?tab=imported'));
    const picker = page.getByRole('combobox', { name: 'CV', exact: true });
    await visible(picker);
    await page.getByRole('button', { name: 'Find jobs' }).click();
    await visible(page.getByText('Pick a CV first'));
    await picker.click();
    await page.getByRole('option', { name: 'cv_grace.txt' }).click();
    await page.getByRole('button', { name: 'Find jobs' }).click();
    await visible(page.getByText(/^Skills searched: (Kubernetes, Bash|Bash, Kubernetes)$/));
    const first = page.getByRole('list', { name: 'Matching jobs' }).locator('li').first();
    await visible(first.getByRole('heading', { name: 'DevOps Engineer' }));
    await visible(first.locator('mark', { hasText: 'Kubernetes' }));
    await first.getByRole('button', { name: 'Open passage 1 of DevOps Engineer' }).click();
    await visible(page.getByRole('dialog', { name: 'Reference' }).getByText('sample_devops-engineer.md'));
    await page.keyboard.press('Escape');
    await hidden(page.getByRole('dialog', { name: 'Reference' }));
    // The pointer still rests on the passage button it clicked; its hover colours are not the page's.
    await page.mouse.move(0, 0);
    expect(describeFindings('quantum HR imported CV', await seriousViolations(page))).toContain(': 0 serious');
  });
});

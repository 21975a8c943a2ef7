/**
 * The CCF app end to end (issue 15): a researcher creates a session with three fields and a key;
 * a participant opens the Begin Session link, answers, reloads and continues; the researcher
 * sees and exports the answers. Then sign-up: the mailed personal link begins the session.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { logIn } from './support/account-flows';
import { describeFindings, seriousViolations } from './support/axe';
import { readOutbox } from './support/outbox';
import { collectPageErrors } from './support/page-errors';
import { expectNoSidewaysScroll } from './support/layout';

const ADMIN = { email: 'ccf-admin@example.org', password: 'ccf admin password' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

async function noAxeFindings(page: Page, where: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, describeFindings(where, findings)).toEqual([]);
}

describe('CCF sessions', () => {
  let beginLink = '';
  let sessionPath = '';

  it('a researcher creates a session with three fields and a key', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'ccf');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.getByRole('link', { name: 'Researcher' }).first().click();
    await visible(page.getByRole('heading', { name: 'CCF sessions', level: 1 }));
    await visible(page.getByText('No sessions yet.'));

    const form = page.getByRole('form', { name: 'Create a session' });
    await form.getByLabel(/^Title/).fill('Morning check-in');
    await form.getByLabel(/^User id label/).fill('Participant code');
    await form.getByLabel(/^Prompt of field 1/).fill('How did you sleep?');
    await form.getByRole('button', { name: 'Add a field' }).click();
    await form.getByLabel(/^Prompt of field 2/).fill('Which drink did you have?');
    await form.getByLabel('Type of field 2').selectOption('singleChoice');
    await form.getByLabel(/^Options of field 2/).fill('Coffee\nTea\nWater');
    await form.getByRole('button', { name: 'Add a field' }).click();
    await form.getByLabel(/^Prompt of field 3/).fill('How alert do you feel?');
    await form.getByLabel('Type of field 3').selectOption('scale');
    await noAxeFindings(page, 'create form');
    await form.getByRole('button', { name: 'Create session' }).click();

    await visible(page.getByText('The session key is shown only now.'));
    beginLink = ((await page.getByTestId('ccf-begin-link').textContent()) ?? '').trim();
    expect(beginLink).toMatch(/^http:\/\/ccf\.chi\.localhost:\d+\/\?modal=userSession&sessionKey=[\w-]+&userIdLabel=Participant\+code&userId=$/);
    await visible(page.getByRole('cell', { name: 'Morning check-in' }));
    await page.getByRole('link', { name: 'Go to the session' }).click();
    await visible(page.getByText('Nobody has begun this session yet.'));
    sessionPath = new URL(page.url()).pathname;
    await context.close();
  });

  it('a participant opens the Begin Session link, answers, reloads and continues (phone, 320 px)', async () => {
    const { context, page } = await fx.page({ width: 320, height: 700 });
    const errors = collectPageErrors(page);
    await page.goto(`${beginLink}P-017`);
    await visible(page.getByRole('heading', { name: 'Morning check-in', level: 1 }));
    await visible(page.getByText('Participant code: P-017'));
    await visible(page.getByText('0 of 3 answered'));
    await expectNoSidewaysScroll(page);
    await noAxeFindings(page, 'participant page');

    // A bad value gets its field type's message; a good one is saved.
    await page.getByRole('button', { name: 'Answer: How did you sleep?' }).click();
    const first = page.getByRole('form', { name: 'Field 1' });
    await first.getByRole('button', { name: 'Save answer' }).click();
    await visible(first.getByText('Please write an answer (at most 5000 characters).'));
    await first.getByLabel('Your answer').fill('Badly, the neighbours had a party.');
    await first.getByRole('button', { name: 'Save answer' }).click();
    await visible(page.getByText('1 of 3 answered'));
    await visible(page.getByText('Badly, the neighbours had a party.'));

    await page.getByRole('button', { name: 'Answer: Which drink did you have?' }).click();
    const second = page.getByRole('form', { name: 'Field 2' });
    await second.getByRole('radio', { name: 'Tea' }).check();
    await second.getByRole('button', { name: 'Save answer' }).click();
    await visible(page.getByText('2 of 3 answered'));

    // Reload: the same tab continues where it was.
    await page.reload();
    await visible(page.getByText('2 of 3 answered'));
    await page.getByRole('button', { name: 'Change answer: Which drink did you have?' }).click();
    await page.getByRole('form', { name: 'Field 2' }).getByRole('radio', { name: 'Coffee' }).check();
    await page.getByRole('form', { name: 'Field 2' }).getByRole('button', { name: 'Save answer' }).click();
    await visible(page.getByText('version 2'));
    await page.getByRole('button', { name: 'Answer: How alert do you feel?' }).click();
    await page.getByRole('form', { name: 'Field 3' }).getByRole('radio', { name: '5' }).check();
    await page.getByRole('form', { name: 'Field 3' }).getByRole('button', { name: 'Save answer' }).click();
    await visible(page.getByText('3 of 3 answered'));
    await visible(page.getByText('You have answered every field.'));
    await expectNoSidewaysScroll(page);
    expect(errors.take()).toEqual([]);
    await context.close();

    // Another browser with the shared key and the same id reads and changes nothing (issue 24 item 3).
    const other = await fx.page();
    await other.page.goto(`${beginLink}P-017`);
    await visible(other.page.getByText('This user id is taking part in another browser. Continue there, or ask the researcher.'));
    expect(await other.page.getByText('Badly, the neighbours had a party.').count()).toBe(0);
    await other.context.close();
  });

  it('the researcher sees every answer version and exports them as CSV', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'ccf');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('ccf', sessionPath));
    const participants = page.getByRole('table', { name: 'Participants and progress' });
    await visible(participants.getByRole('cell', { name: 'P-017' }));
    await visible(participants.getByRole('cell', { name: '3 / 3' }));
    const answers = page.getByRole('table', { name: 'Answers' });
    await visible(answers.getByRole('cell', { name: 'Tea' }));
    await visible(answers.getByRole('cell', { name: 'Coffee' }));
    await noAxeFindings(page, 'results page');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('session_id,session_title,user_id,field_position,field_id,field_type,prompt,version,is_current,value,opened_at,submitted_at');
    expect(lines).toHaveLength(5);
    expect(lines.filter((line) => line.includes(',singleChoice,Which drink did you have?,'))).toEqual([
      expect.stringContaining(',1,false,Tea,'),
      expect.stringContaining(',2,true,Coffee,'),
    ]);
    await context.close();
  });

  it('signUp mails a personal link that begins the session', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'ccf');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('ccf', '/researcher'));
    const form = page.getByRole('form', { name: 'Create a session' });
    await form.getByLabel(/^Title/).fill('Open study');
    await form.getByLabel(/^Prompt of field 1/).fill('What brought you here?');
    await form.getByLabel('Visitors may sign up by e-mail').check();
    await form.getByRole('button', { name: 'Create session' }).click();
    const signUpLink = ((await (await visible(page.getByTestId('ccf-sign-up-link'))).first().textContent()) ?? '').trim();
    await context.close();

    const visitor = await fx.page({ width: 360, height: 740 });
    await visitor.page.goto(signUpLink);
    const dialog = visitor.page.getByRole('dialog', { name: 'Sign up' });
    await visible(dialog);
    await dialog.getByLabel(/^First Name/).fill('Grace');
    await dialog.getByLabel(/^Email address/).fill('grace@example.org');
    expect(await dialog.getByRole('button', { name: 'Sign up' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/I agree to take part/).check();
    await noAxeFindings(visitor.page, 'sign-up modal');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await visible(dialog.getByText(/a personal link to the session is on its way/));

    let link = '';
    for (let i = 0; i < 100 && !link; i += 1) {
      const mail = (await readOutbox(fx.server.dataDir)).find((m) => m.to.includes('grace@example.org'));
      link = /http:\/\/ccf\.chi\.localhost:\d+\/\?modal=userSession[^\s"<>]+/.exec(mail?.text ?? '')?.[0]?.replace(/&amp;/g, '&') ?? '';
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link).not.toBe('');
    await visitor.page.goto(link);
    await visible(visitor.page.getByRole('heading', { name: 'Open study', level: 1 }));
    await visible(visitor.page.getByText('0 of 1 answered'));
    await visitor.context.close();
  });
});

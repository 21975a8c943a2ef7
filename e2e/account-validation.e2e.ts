import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

async function openModal(page: Page, query: string, title: string): Promise<Locator> {
  await page.goto(fx.server.url('app', `/?${query}`));
  const dialog = page.getByRole('dialog', { name: title });
  await visible(dialog);
  return dialog;
}

/** Types a value (or nothing) and leaves the field, as a person would. */
async function enter(field: Locator, value: string): Promise<void> {
  await field.click();
  if (value) await field.fill(value);
  await field.press('Tab');
}

describe('every SPEC §5 message for its bad input', () => {
  it('login: a bad email and an empty password; Login stays disabled', async () => {
    const { context, page } = await fx.page();
    const dialog = await openModal(page, 'modal=login', 'Login');
    await enter(dialog.getByLabel(/^Email/), 'not-an-email');
    await enter(dialog.getByLabel(/^Password/), '');
    await visible(dialog.getByText('A valid email address is required'));
    await visible(dialog.getByText('A password is required'));
    expect(await dialog.getByLabel(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('register: required fields and an invalid address', async () => {
    const { context, page } = await fx.page();
    const dialog = await openModal(page, 'modal=register&redirect=%2F&academic=true', 'Register');
    await enter(dialog.getByLabel(/^First Name/), '');
    await enter(dialog.getByLabel(/^Last Name/), '   ');
    // The Academic Title is optional (SPEC §2): left empty, it is no error.
    await enter(dialog.getByLabel(/^Academic Title/), '');
    await visible(dialog.getByText('This field is required'));
    expect(await dialog.getByText('This field is required').count()).toBe(2);
    expect(await dialog.getByLabel(/^Academic Title/).getAttribute('aria-invalid')).not.toBe('true');
    await enter(dialog.getByLabel(/^Email address/), 'someone@nowhere');
    await visible(dialog.getByText('Invalid email address'));
    expect(await dialog.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('register, login and forgot refuse an address with a space or two @ (issue 25: the mail went to b@c.de)', async () => {
    const { context, page } = await fx.page();
    const register = await openModal(page, 'modal=register&redirect=%2F', 'Register');
    await enter(register.getByLabel(/^First Name/), 'Ada');
    await enter(register.getByLabel(/^Last Name/), 'Lovelace');
    await enter(register.getByLabel(/^Email address/), 'a b@c.de');
    await visible(register.getByText('Invalid email address'));
    expect(await register.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
    const login = await openModal(page, 'modal=login', 'Login');
    await enter(login.getByLabel(/^Email/), 'a@b@c.de');
    await visible(login.getByText('A valid email address is required'));
    const forgot = await openModal(page, 'modal=forgot', 'Reset password');
    await enter(forgot.getByLabel(/^Account email/), 'a b@c.de');
    await visible(forgot.getByText('Invalid email address'));
    await context.close();
  });

  it('the login modal leads to the session key modal (issue 25: nothing opened it)', async () => {
    const { context, page } = await fx.page();
    const login = await openModal(page, 'modal=login', 'Login');
    await login.getByRole('button', { name: 'Enter your session key' }).click();
    const session = page.getByRole('dialog', { name: 'Enter Session Key' });
    await visible(session.getByLabel(/^Key/));
    expect(new URL(page.url()).searchParams.get('modal')).toBe('session');
    await context.close();
  });

  it('forgot: empty, then an invalid address', async () => {
    const { context, page } = await fx.page();
    const dialog = await openModal(page, 'modal=forgot', 'Reset password');
    await enter(dialog.getByLabel(/^Account email/), '');
    await visible(dialog.getByText('Cannot be empty.'));
    await enter(dialog.getByLabel(/^Account email/), 'x@y');
    await visible(dialog.getByText('Invalid email address'));
    await context.close();
  });

  it('session key and user id', async () => {
    const { context, page } = await fx.page();
    let dialog = await openModal(page, 'modal=session', 'Enter Session Key');
    await enter(dialog.getByLabel(/^Key/), '');
    await visible(dialog.getByText('A valid session key is required'));

    dialog = await openModal(page, 'modal=userSession&userIdLabel=Participant%20id', 'Begin Session');
    await enter(dialog.getByLabel(/^Key/), ' ');
    await enter(dialog.getByLabel(/^Participant id/), 'not valid!');
    await visible(dialog.getByText('A valid key is required'));
    await visible(dialog.getByText('A valid user id is required'));

    dialog = await openModal(page, 'modal=enterTokenWithUserId&sessionKey=abc', 'Begin Session');
    expect(await dialog.getByLabel(/^Key/).count()).toBe(0);
    await visible(dialog.getByLabel(/^User Id/));
    await context.close();
  });

  it("a wrong session key shows the server's message", async () => {
    const { context, page } = await fx.page();
    const dialog = await openModal(page, 'modal=enterToken', 'Enter Session Key');
    await dialog.getByLabel(/^Key/).fill('no-such-key');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(dialog.getByRole('alert').getByText('A valid session key is required'));
    await context.close();
  });
});

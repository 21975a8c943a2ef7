import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { accountMenu, createAccount, logIn, newPerson } from './support/account-flows';

const ADMIN = { email: 'admin@example.org', password: 'admin password 1' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

describe('administrators', () => {
  it('list users, search, and set ©isAppAdmin', async () => {
    const person = newPerson('Mary', 'Somerville');
    const member = await fx.page();
    await createAccount(fx, member.page, person);
    await member.context.close();

    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password);
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await visible(page.getByRole('button', { name: /^Account menu of/ }));
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Users' });
    await visible(dialog);
    await visible(dialog.getByRole('cell', { name: person.email }));
    await visible(dialog.getByRole('cell', { name: ADMIN.email }));
    await dialog.getByLabel('Search by name or email').fill('somerville');
    await visible(dialog.getByText('1 user', { exact: true }));
    expect(await dialog.getByRole('cell', { name: ADMIN.email }).count()).toBe(0);

    const toggle = dialog.getByRole('switch', { name: 'App admin: Mary Somerville' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    // The role shows by its human name (issue 18), never as the internal flag.
    await visible(dialog.getByText('App administrator', { exact: true }));
    expect(await dialog.getByText('©isAppAdmin').count()).toBe(0);
    expect(await toggle.isChecked()).toBe(true);
    await context.close();

    // The new app admin sees the admin entries after logging in.
    const promoted = await fx.page();
    await logIn(fx, promoted.page, person.email, person.password);
    await accountMenu(promoted.page, 'Mary Somerville').click();
    await visible(promoted.page.getByRole('menuitem', { name: 'Session keys' }));
    await promoted.context.close();
  });

  it('create a session key that a fresh browser enters', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password);
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('app', '/?modal=sessionKeys'));
    const dialog = page.getByRole('dialog', { name: 'Session keys' });
    await visible(dialog);
    await dialog.getByLabel(/^Label/).fill('Workshop 1');
    await dialog.getByLabel(/^How many uses/).fill('5');
    await dialog.getByRole('button', { name: 'Create session key' }).click();
    await visible(dialog.getByText('Copy this key now: it is shown only once.'));
    const key = (await dialog.getByTestId('created-session-key').textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThan(10);
    await visible(dialog.getByRole('cell', { name: 'Workshop 1' }));
    await visible(dialog.getByRole('cell', { name: '0 / 5' }));

    const guest = await fx.page();
    await guest.page.goto(fx.server.url('ccf', '/?modal=enterToken'));
    const enter = guest.page.getByRole('dialog', { name: 'Enter Session Key' });
    await visible(enter);
    await enter.getByLabel(/^Key/).fill(key);
    await enter.getByRole('button', { name: 'Submit' }).click();
    await hidden(enter);
    await visible(guest.page.getByRole('button', { name: /^Account menu of/ }));
    await guest.context.close();

    await page.reload();
    await visible(page.getByRole('dialog', { name: 'Session keys' }).getByRole('cell', { name: '1 / 5' }));
    await page.getByRole('dialog', { name: 'Session keys' }).getByRole('button', { name: 'Revoke Workshop 1' }).click();
    await visible(page.getByRole('dialog', { name: 'Session keys' }).getByRole('cell', { name: 'Revoked' }));
    await context.close();
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { waitForMailedLink } from './support/outbox';
import { accountMenu, createAccount, logIn, newPerson } from './support/account-flows';

const fx = useServerAndBrowser();

describe('an account from request to logout', () => {
  it('request → mailed link → password → /cloud → logged in on delphi too → log out', async () => {
    const person = newPerson();
    const { context, page } = await fx.page();
    await createAccount(fx, page, person);
    await visible(page.getByRole('heading', { name: 'Your account', level: 1 }));
    await visible(page.getByText('Signed in as Ada Lovelace.'));
    await visible(page.getByRole('main').getByText(person.email));
    await visible(accountMenu(page, 'Ada Lovelace'));

    // A reload of /cloud on the app host keeps the user there, logged in.
    await page.reload();
    await visible(page.getByText('Signed in as Ada Lovelace.'));
    expect(new URL(page.url()).pathname).toBe('/cloud');

    // One login for every sub-app: delphi resumes the session from the shared cookie.
    await page.goto(fx.server.url('delphi', '/'));
    const menu = accountMenu(page, 'Ada Lovelace');
    await visible(menu);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await visible(page.getByRole('button', { name: 'Log in' }));
    await page.reload();
    await visible(page.getByRole('button', { name: 'Log in' }));
    await context.close();
  });
});

describe('forgot password', () => {
  it('the mailed link sets a new password; the old one then fails with the server message', async () => {
    const person = newPerson('Grace', 'Hopper');
    const { context, page } = await fx.page();
    await createAccount(fx, page, person);
    const fresh = await fx.page();
    await fresh.page.goto(fx.server.url('delphi', '/?modal=login&redirect=%2F'));
    const login = fresh.page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('button', { name: 'Forgot password' }).click();
    const forgot = fresh.page.getByRole('dialog', { name: 'Reset password' });
    await visible(forgot);
    expect(new URL(fresh.page.url()).searchParams.get('redirect')).toBe('/');
    await forgot.getByLabel('Account email').fill(person.email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await visible(forgot.getByText(/If an account exists for this address/));
    expect(await forgot.getByRole('button', { name: 'Send reset link' }).isDisabled()).toBe(true);

    const link = await waitForMailedLink(fx.server.dataDir, person.email, 'resetPassword');
    expect(link).toContain('//app.chi.localhost:');
    await fresh.page.goto(link);
    await visible(fresh.page.getByRole('heading', { name: 'Choose a new password' }));
    const newPassword = 'a brand new password';
    await fresh.page.getByLabel(/^New password/).fill(newPassword);
    await fresh.page.getByLabel('Repeat new password').fill(newPassword);
    await fresh.page.getByRole('button', { name: 'Save new password' }).click();
    await visible(fresh.page.getByText('Your password has been changed. Log in with your new password.'));

    // The used link now says so and offers a new one.
    await fresh.page.goto(link);
    await visible(fresh.page.getByText('The link has expired or has already been used.', { exact: false }));
    await visible(fresh.page.getByRole('button', { name: 'Ask for a new reset link' }));

    await logIn(fx, fresh.page, person.email, person.password);
    await visible(fresh.page.getByRole('dialog', { name: 'Login' }).getByText('The email or password is incorrect.'));
    await logIn(fx, fresh.page, person.email, newPassword);
    await hidden(fresh.page.getByRole('dialog', { name: 'Login' }));
    await visible(accountMenu(fresh.page, 'Grace Hopper'));
    await fresh.context.close();
    await context.close();
  });
});

describe('the account page', () => {
  it('changes the e-mail through both mailed links; the new address logs in', async () => {
    const person = newPerson('Ida', 'Wells');
    const { context, page } = await fx.page();
    await createAccount(fx, page, person);
    const newEmail = `new.${person.email}`;
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await visible(page.getByText('Check your inbox: we have sent a confirmation link to your current address.'));

    await page.goto(await waitForMailedLink(fx.server.dataDir, person.email, 'changeAccountEmail'));
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await visible(page.getByText(/Now check the inbox of your new address/));

    await page.goto(await waitForMailedLink(fx.server.dataDir, newEmail, 'activateNewEmail'));
    await visible(page.getByText(`Your account now uses ${newEmail}. Use this address when you log in.`));

    const fresh = await fx.page();
    await logIn(fx, fresh.page, newEmail, person.password);
    await visible(accountMenu(fresh.page, 'Ida Wells'));
    await fresh.context.close();
    await context.close();
  });

  it('downloads my data as my-data.json with the e-mail in it', async () => {
    const person = newPerson('Rosalind', 'Franklin');
    const { context, page } = await fx.page();
    await createAccount(fx, page, person);
    await page.getByRole('button', { name: 'Email me a download link' }).click();
    await visible(page.getByText(/we have sent you a download link/));
    await page.goto(await waitForMailedLink(fx.server.dataDir, person.email, 'downloadMyData'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my-data.json' }).click()]);
    expect(download.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { _email: string; programme: string }; other: Record<string, unknown> };
    expect(data.account).toMatchObject({ _email: person.email, programme: '' });
    // Every module's part is there, the assistants' too (issue 25 item 17), empty for a new account.
    expect(data.other.assistants).toEqual({ assistants: [], threads: [], vectorStores: [], vectorStoresSharedWithThem: [], files: [], batchImports: [] });
    await visible(page.getByText('Your data has been downloaded as my-data.json.'));
    await context.close();
  });

  it('forgets about me after a clear confirmation; login then fails', async () => {
    const person = newPerson('Alan', 'Turing');
    const { context, page } = await fx.page();
    await createAccount(fx, page, person);
    await page.getByRole('button', { name: 'Email me a confirmation link' }).click();
    await visible(page.getByText(/Nothing is deleted until you open it/));
    await page.goto(await waitForMailedLink(fx.server.dataDir, person.email, 'forgetAboutMe'));
    await visible(page.getByText(/This cannot be undone/));
    const remove = page.getByRole('button', { name: 'Delete my account and data' });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('I understand: delete my account').check();
    await remove.click();
    await visible(page.getByText('Your account and your personal data have been deleted. You are logged out.'));
    await visible(page.getByRole('button', { name: 'Log in' }));

    await logIn(fx, page, person.email, person.password);
    await visible(page.getByRole('dialog', { name: 'Login' }).getByText('The email or password is incorrect.'));
    await context.close();
  });
});

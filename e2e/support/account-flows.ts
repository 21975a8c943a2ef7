/** The account steps several specs share, done through the UI as a person would. */
import type { Page } from 'playwright-core';
import { hidden, visible, type E2eFixture } from './fixture';
import { waitForMailedLink } from './outbox';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;
export function newPerson(firstName = 'Ada', lastName = 'Lovelace'): Person {
  counter += 1;
  return { firstName, lastName, email: `${firstName.toLowerCase()}.${Date.now()}.${counter}@example.org`, password: `correct horse ${counter}` };
}

/** Register on the app host (home → Request an account), open the mailed link, set the password: logged in on /cloud. */
export async function createAccount(fx: E2eFixture, page: Page, person: Person): Promise<void> {
  await page.goto(fx.server.url('app', '/'));
  await page.getByRole('main').getByRole('button', { name: 'Request an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register' });
  try {
    await visible(dialog);
  } catch (error) {
    // Three loaded CI runs lost this click to the swap between the press and the release (fixed,
    // ADR 040's amendment of 2026-11-28): should it come back, say where the page was.
    const staticVariants = await page.locator('[data-chi-width]').count();
    throw new Error(`no Register dialog after "Request an account": at ${page.url()}, ${staticVariants ? 'still the static page' : 'the live page'}, dialogs: ${(await page.getByRole('dialog').allTextContents()).join(' | ').slice(0, 200) || 'none'}`, { cause: error });
  }
  await dialog.getByLabel('First Name').fill(person.firstName);
  await dialog.getByLabel('Last Name').fill(person.lastName);
  await dialog.getByLabel('Email address').fill(person.email);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await visible(dialog.getByText('Your request has been submitted. You will receive an email with further instructions.'));
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await hidden(dialog);

  const link = await waitForMailedLink(fx.server.dataDir, person.email, 'activateAccount');
  await page.goto(link);
  await visible(page.getByRole('heading', { name: 'Activate your account' }));
  await page.getByLabel(/^New password/).fill(person.password);
  await page.getByLabel('Repeat new password').fill(person.password);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await page.waitForURL((url) => url.pathname === '/cloud');
}

/** Opens the login modal on `app` host's home and logs in; waits for the modal to close. */
export async function logIn(fx: E2eFixture, page: Page, email: string, password: string, host = 'app'): Promise<void> {
  await page.goto(fx.server.url(host, '/?modal=login'));
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await visible(dialog);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
}

export function accountMenu(page: Page, name: string) {
  return page.getByRole('button', { name: `Account menu of ${name}` });
}

/**
 * An active, logged-in account made through the API (request, mailed link, activate), for specs
 * where signing up is not what is tested; `logInBrowser` hands its session to a browser context,
 * `signUpByApi` to a page on every sub-app; `logInByApi` logs an existing account (e.g. the
 * configured administrator) in the same way.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { account } from '@chi/contract';
import { callApi, clientPasswordHash, sessionCookie } from './api-client';
import type { E2eFixture } from './fixture';
import { newPerson } from './account-flows';
import type { Person } from './account-flows';
import { waitForMailedLink } from './outbox';

export interface ApiAccount extends Person {
  /** `chi_session=…`, for API calls and the browser. */
  readonly cookie: string;
}

export function createAccountByApi(fx: E2eFixture, firstName: string, lastName: string): Promise<ApiAccount> {
  return activateByApi(fx, newPerson(firstName, lastName));
}

/** Makes `person`'s account through the API (request, mailed link, activate): they are logged in with the answer's cookie. */
async function activateByApi(fx: E2eFixture, person: Person): Promise<ApiAccount> {
  const host = 'app.chi.localhost';
  const { firstName, lastName } = person;
  const requested = await callApi(fx.server.port, account.requestAccount, { _email: person.email, _firstName: firstName, _lastName: lastName, _redirectTo: fx.server.url('app') }, { host });
  if (requested.status !== 200) throw new Error(`requestAccount answered ${requested.status}: ${requested.body}`);
  const link = await waitForMailedLink(fx.server.dataDir, person.email, 'activateAccount');
  const token = link.split('/').pop() ?? '';
  const activated = await callApi(
    fx.server.port,
    account.activateAccountWithToken,
    { activateAccountToken: token, _firstName: firstName, _lastName: lastName, password: clientPasswordHash(person.password) },
    { host },
  );
  if (activated.status !== 200) throw new Error(`activateAccountWithToken answered ${activated.status}: ${activated.body}`);
  return { ...person, cookie: sessionCookie(activated) };
}

/**
 * Where signing up is not what a spec tests: `person`'s account made through the API, its session
 * given to the page's browser for every sub-app (the cookie the server sets is the public domain's,
 * as after signing up through the UI), and the page on /cloud, where `createAccount` ends too.
 */
export async function signUpByApi(fx: E2eFixture, page: Page, person: Person): Promise<void> {
  const made = await activateByApi(fx, person);
  await givePublicDomainCookie(page.context(), made.cookie);
  await page.goto(fx.server.url('app', '/cloud'));
  await page.waitForURL((url) => url.pathname === '/cloud');
}

/** Gives the browser context the account's session on a sub-app's host. */
export async function logInBrowser(fx: E2eFixture, context: BrowserContext, who: ApiAccount, app: string): Promise<void> {
  const [name = '', value = ''] = who.cookie.split(';')[0]?.split('=') ?? [];
  await context.addCookies([{ name, value, url: fx.server.url(app) }]);
}

/** The session cookie as the server sets it on a sub-app's host: for the whole public domain, one login for every sub-app. */
async function givePublicDomainCookie(context: BrowserContext, cookie: string): Promise<void> {
  const [name = '', value = ''] = cookie.split(';')[0]?.split('=') ?? [];
  await context.addCookies([{ name, value, domain: '.chi.localhost', path: '/', httpOnly: true, sameSite: 'Lax' }]);
}

/** Logs in through the API (LOGIN, as the login dialog sends it), for specs where the login dialog is not what is tested. */
export async function logInByApi(fx: E2eFixture, context: BrowserContext, email: string, password: string): Promise<void> {
  const answer = await callApi(fx.server.port, account.login, { _email: email, password: clientPasswordHash(password) }, { host: 'app.chi.localhost' });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.body}`);
  await givePublicDomainCookie(context, sessionCookie(answer));
}

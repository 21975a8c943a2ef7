/**
 * An active, logged-in account made through the API (request, mailed link, activate), for specs
 * where signing up is not what is tested; `logInBrowser` hands its session to a browser context.
 */
import type { BrowserContext } from 'playwright-core';
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

export async function createAccountByApi(fx: E2eFixture, firstName: string, lastName: string): Promise<ApiAccount> {
  const person = newPerson(firstName, lastName);
  const host = 'app.chi.localhost';
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

/** Gives the browser context the account's session on a sub-app's host. */
export async function logInBrowser(fx: E2eFixture, context: BrowserContext, who: ApiAccount, app: string): Promise<void> {
  const [name = '', value = ''] = who.cookie.split(';')[0]?.split('=') ?? [];
  await context.addCookies([{ name, value, url: fx.server.url(app) }]);
}

/**
 * Accessibility and a clean console on every page a newcomer meets (issues 10 and 18): each
 * sub-app home (static as prerendered, then live), every SPEC §2 modal (the admin-only ones as
 * an administrator), the delphi hub, a Quiz Time question, /Data and /cloud, at one size:
 * axe-core finds 0 violations of serious or critical impact, and no page logs an error. accessibility-phone.e2e.ts (390×844) and
 * accessibility-desktop.e2e.ts (1440×900) each run them, in parallel.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_IDS } from '@chi/contract';
import { logInByApi } from './api-accounts';
import { describeFindings, seriousViolations, type AxeFinding } from './axe';
import { hidden, useServerAndBrowser, visible, type E2eFixture } from './fixture';
import { collectPageErrors, type PageErrors } from './page-errors';
import { reachFor } from './live-page';
import { trackNetwork, type NetworkQuiet } from './network-quiet';

const ADMIN = { email: 'a11y-admin@example.org', password: 'an accessible admin passphrase' };

/** A tiny PNG standing in for the external avatar service (SPEC §7), which this offline machine cannot reach. */
const AVATAR_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** Several pages per test, each with axe, on a machine shared with other work. */
const PAGES_TIMEOUT_MS = 240_000;

export interface AuditSize {
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

export const PHONE: AuditSize = { name: 'phone', width: 390, height: 844 };
export const DESKTOP: AuditSize = { name: 'desktop', width: 1440, height: 900 };

/** SPEC §2 modals a visitor can open, with the dialog title each shows. */
const VISITOR_MODALS: readonly [query: string, title: string][] = [
  ['modal=login', 'Login'],
  ['modal=register&redirect=%2F', 'Register'],
  ['modal=register&redirect=%2F&academic=true', 'Register'],
  ['modal=forgot', 'Reset password'],
  ['modal=session', 'Enter Session Key'],
  ['modal=userSession', 'Begin Session'],
  ['modal=signUp', 'Sign up'],
];

/** Checks one page state: collects its axe findings and console errors under a label. */
class Audit {
  private readonly problems: string[] = [];
  private readonly network: NetworkQuiet;
  constructor(
    private readonly page: Page,
    private readonly errors: PageErrors,
  ) {
    this.network = trackNetwork(page);
  }

  async check(label: string): Promise<void> {
    await this.page.waitForLoadState('networkidle');
    // Also after a navigation inside the live page (openModal), which networkidle does not see.
    await this.network.reached();
    const findings: AxeFinding[] = await seriousViolations(this.page);
    if (findings.length > 0) this.problems.push(describeFindings(label, findings));
    const logged = this.errors.take();
    if (logged.length > 0) this.problems.push(`${label}: ${logged.length} console error(s)\n- ${logged.join('\n- ')}`);
  }

  report(): string {
    return this.problems.join('\n\n');
  }
}

async function openAudit(fx: E2eFixture, width: number, height: number) {
  const { context, page } = await fx.page({ width, height });
  // Only our own origins are real here; anything else (the avatar service) answers with an image.
  await context.route((url) => !url.hostname.endsWith('localhost'), (route) => route.fulfill({ status: 200, contentType: 'image/png', body: AVATAR_PNG }));
  const audit = new Audit(page, collectPageErrors(page));
  return { context, page, audit };
}

/** Changes the live page's URL the way its own links do: the app's router follows history, no page load. */
async function navigateInPage(page: Page, url: string): Promise<void> {
  await page.evaluate((href) => {
    history.pushState(null, '', href);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * Opens `url`'s dialog (`?modal=…`, SPEC §2). The first on a host loads the page (with a query it
 * is the live page, never the prerendered one: static-client.ts); the next ones open over that
 * same live page after the one before has closed, as a person moving between dialogs sees them,
 * instead of a page load per dialog.
 */
async function openModal(page: Page, url: string, title: string) {
  if (page.url().startsWith(new URL(url).origin)) {
    await navigateInPage(page, new URL(url).pathname);
    await hidden(page.getByRole('dialog'));
    await navigateInPage(page, url);
  } else {
    await page.goto(url);
  }
  const dialog = page.getByRole('dialog', { name: title });
  await visible(dialog);
  return dialog;
}

/** Every check at one size, against its own server and browser (one spec file per size, so the sizes run side by side). */
export function describeAccessibility({ name, width, height }: AuditSize): void {
  const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, GAME_TIME_SCALE: '0.2' });
  describe(`accessibility at ${name} size (${width}×${height})`, () => {
    it('every sub-app home: no serious or critical axe violation, no console error', async () => {
      const { context, page, audit } = await openAudit(fx, width, height);
      for (const app of APP_IDS) {
        await page.goto(fx.server.url(app, app === 'api' ? '/api' : '/'));
        await visible(page.locator('main h1'));
        // What a visitor reads first: the prerendered page, static until they reach for it (ADR 040).
        await audit.check(`${app} home (static)`);
        await reachFor(page);
        await visible(page.locator('main h1'));
        await audit.check(`${app} home`);
      }
      await context.close();
      expect(audit.report(), audit.report()).toBe('');
    }, PAGES_TIMEOUT_MS);

    it('every modal a visitor can open', async () => {
      const { context, page, audit } = await openAudit(fx, width, height);
      for (const [query, title] of VISITOR_MODALS) {
        const dialog = await openModal(page, fx.server.url('app', `/?${query}`), title);
        await visible(dialog.getByRole('button').last());
        await audit.check(`?${query}`);
      }
      await context.close();
      expect(audit.report(), audit.report()).toBe('');
    }, PAGES_TIMEOUT_MS);

    it('the delphi hub and a Quiz Time question', async () => {
      const { context, page, audit } = await openAudit(fx, width, height);
      await page.goto(fx.server.url('delphi', `/?participantId=A11Y${width}`));
      await visible(page.getByRole('link', { name: 'Play Quiz Time' }));
      await audit.check('delphi hub');
      await page.getByRole('link', { name: 'Play Quiz Time' }).click();
      await visible(page.getByRole('heading', { name: 'Quiz Time', level: 1 }));
      await audit.check('Quiz Time welcome');
      await page.getByRole('button', { name: 'Start' }).click();
      await visible(page.getByText('Question 1 of 30', { exact: true }));
      await page.getByRole('main').getByRole('group').getByRole('button').first().waitFor({ state: 'visible' });
      await audit.check('Quiz Time question');
      await context.close();
      expect(audit.report(), audit.report()).toBe('');
    }, PAGES_TIMEOUT_MS);

    it('as an administrator: person, image picker, chunk, users, session keys, /cloud and /Data', async () => {
      const { context, page, audit } = await openAudit(fx, width, height);
      // The login dialog is audited as a visitor's modal above; here only its session matters.
      await logInByApi(fx, context, ADMIN.email, ADMIN.password);
      await page.goto(fx.server.url('app', '/'));
      await visible(page.getByRole('button', { name: /^Account menu of/ }));
      await audit.check('app home, logged in');

      await page.goto(fx.server.url('app', '/cloud'));
      await visible(page.locator('main h1'));
      await audit.check('/cloud');

      await openModal(page, fx.server.url('app', '/?modal=person'), 'Person');
      await audit.check('?modal=person');
      const picker = await openModal(page, fx.server.url('app', '/?modal=pickImage'), 'Choose an image');
      await visible(picker.getByRole('tab', { name: 'My Images' }));
      await audit.check('?modal=pickImage');

      const chunkId = `a11y-${width}`;
      const created = await page.evaluate(async (id) => {
        const response = await fetch('/api/v1/actions/app/Chunk/action/create', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
          body: JSON.stringify({ _appId: 'app', _dataType: 'Chunk', _id: id, text: 'A referenced passage.', index: 1, filename: 'notes.md' }),
        });
        // Read to the end: a request whose answer is never read stays in flight (network-quiet.ts).
        await response.text();
        return response.status;
      }, chunkId);
      expect(created).toBe(200);
      const chunk = await openModal(page, fx.server.url('app', `/?modal=chunk&chunkId=${chunkId}&appId=app`), 'Reference');
      await visible(chunk.getByText('notes.md'));
      await audit.check('?modal=chunk');

      const users = await openModal(page, fx.server.url('app', '/?modal=users'), 'Users');
      await visible(users.getByText(ADMIN.email, { exact: true }));
      await audit.check('?modal=users');
      const keys = await openModal(page, fx.server.url('app', '/?modal=sessionKeys'), 'Session keys');
      await visible(keys.getByRole('button', { name: 'Create session key' }));
      await audit.check('?modal=sessionKeys');

      await page.goto(fx.server.url('delphi', '/Data'));
      await visible(page.locator('main h1'));
      await audit.check('/Data');
      await context.close();
      expect(audit.report(), audit.report()).toBe('');
    }, PAGES_TIMEOUT_MS);
  });
}

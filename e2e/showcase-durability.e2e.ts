/**
 * Showcase plays are durable (issue 15): a server stopped mid-game loses no play record, and a
 * reload mid-game asks first. The spec stops its server and starts it again on the same port, so
 * it runs alone (vitest.config.ts RUN_ALONE).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, documents } from '@chi/contract';
import { visible } from './support/fixture';
import { callApi, callDocuments, clientPasswordHash, sessionCookie } from './support/api-client';
import { launchBrowser, newPage } from './support/browser';
import { startRestartableServer, type RestartableServer } from './support/restartable-server';

const ADMIN = { email: 'showcase-admin@example.org', password: 'showcase admin pw' };

describe('showcase plays are durable', () => {
  let server: RestartableServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startRestartableServer({ GAME_TIME_SCALE: '0.05', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.dispose()]);
  });

  const queued = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('chi.showcase.queue.')).length);

  async function answer(page: Page, trials: readonly number[]): Promise<void> {
    for (const trial of trials) {
      await visible(page.locator(`[data-trial="VS_1-${trial}"]`));
      await page.getByRole('button', { name: 'Same', exact: true }).click();
    }
  }

  it('a server stopped mid-game loses no play record, and a reload mid-game asks first', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 800 });
    await page.goto(server.url('showcase', '/comparison'));
    await page.getByRole('button', { name: 'Start' }).click();
    await answer(page, [0, 1, 2, 3, 4]);
    await page.waitForFunction(() => !Object.keys(localStorage).some((key) => key.startsWith('chi.showcase.queue.')));
    const visitor = await page.evaluate(() => localStorage.getItem('chi.showcase.visitor'));

    await server.stop();
    await answer(page, [5, 6, 7, 8, 9, 10, 11]);
    // Each answer is stored in this browser before it is sent.
    expect(await queued(page)).toBe(7);
    // A header link asks first; staying keeps the game.
    await page.getByRole('banner').getByRole('link').first().click();
    const ask = page.getByRole('dialog', { name: 'Leave this game?' });
    await visible(ask);
    await ask.getByRole('button', { name: 'Stay and play' }).click();
    await visible(page.locator('[data-trial="VS_1-12"]'));
    // A reload asks too; staying keeps the game and the unsent records.
    const asked = page.waitForEvent('dialog');
    void page.evaluate(() => location.reload());
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await answer(page, [12]);
    expect(await queued(page)).toBe(8);

    // The server is back: the queue delivers what waited, in order, each once.
    await server.restart();
    await page.waitForFunction(() => !Object.keys(localStorage).some((key) => key.startsWith('chi.showcase.queue.')), undefined, { timeout: 30_000 });
    await context.close();

    const login = await callApi(server.port, account.login, { _email: ADMIN.email, password: clientPasswordHash(ADMIN.password) }, { host: 'showcase.chi.localhost' });
    expect(login.status).toBe(200);
    const listed = await callDocuments(
      server.port,
      documents.list,
      'showcase',
      '_ShowcaseResponse',
      { filter: { field: 'visitorId', value: visitor }, sorting: [{ field: 'trialIndex', direction: 'asc' }], limit: 100 },
      { host: 'showcase.chi.localhost', cookie: sessionCookie(login) },
    );
    const stored = listed.json<{ documents: { trialIndex: number; blockId: string }[]; total: number }>();
    // Every answer once: none lost while the server was down, none doubled by the retries.
    expect(stored.documents.map((d) => `${d.blockId}-${d.trialIndex}`)).toEqual([...Array(13).keys()].map((i) => `VS_1-${i}`));
  }, 120_000);
});

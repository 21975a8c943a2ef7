/** One real server and one Chromium per spec file, started before and stopped after its tests. */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPage, type PageOptions } from './browser';
import { startServer, type RunningServer } from './server';

export interface E2eFixture {
  readonly server: RunningServer;
  readonly browser: Browser;
  page(options?: PageOptions): ReturnType<typeof newPage>;
}

/** `browserArgs`: extra Chromium flags (e.g. a fake microphone's). */
export function useServerAndBrowser(env: Record<string, string> = {}, browserArgs: readonly string[] = []): E2eFixture {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser(browserArgs)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.stop()]);
  });
  return {
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    page(options) {
      if (!browser) throw new Error('browser not started');
      return newPage(browser, options);
    },
  };
}

/**
 * Waits until one element of the locator is visible (what a person would see), failing after
 * `timeout`. One of them, not the first: a prerendered home holds a hidden variant of its markup
 * for the other screen widths until it goes live (ADR 023, 040).
 */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.filter({ visible: true }).first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until no element of the locator is visible. */
export async function hidden(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.filter({ visible: true }).first().waitFor({ state: 'hidden', timeout });
}

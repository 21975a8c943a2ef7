/** Headless Debian Chromium driven by playwright-core (never a downloaded browser). */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** `args`: extra Chromium flags (e.g. fake media devices for the microphone tests), after ours. */
export function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args], headless: true });
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** A touch screen (a phone): taps and swipes are touch events. */
  touch?: boolean;
}

/** A fresh context (own cookies and local storage) and page. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: 'en-GB',
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

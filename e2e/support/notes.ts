/** Steps of the `/cloud` notes and short-link tabs, done by roles and labels as a person would. */
import type { Page, Route } from 'playwright-core';
import { visible, type E2eFixture } from './fixture';

export async function openCloudTab(fx: E2eFixture, page: Page, name: 'My notes' | 'Short links'): Promise<void> {
  await page.goto(fx.server.url('app', '/cloud'));
  await page.getByRole('tab', { name }).click();
  await visible(page.getByRole('tab', { name, selected: true }));
}

/** The Markdown editor's editable area inside a note form. */
export function noteBody(page: Page) {
  return page.getByRole('textbox', { name: 'Text' });
}

export function myNotes(page: Page) {
  return page.getByRole('list', { name: 'Your notes' });
}

export function noteArticle(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** Holds matching requests until `release()`, so a test can look at the page while a call is in flight. */
export async function holdRequests(page: Page, pattern: string): Promise<{ held: Promise<void>; release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let passed!: () => void;
  const done = new Promise<void>((resolve) => (passed = resolve));
  const handler = async (route: Route) => {
    arrived();
    await gate;
    await route.continue();
    passed();
  };
  await page.route(pattern, handler);
  return {
    held,
    release: async () => {
      open();
      // Unrouting while the held request is still in the handler would hand it on twice.
      await done;
      await page.unroute(pattern, handler);
    },
  };
}

/** Counts the requests whose URL path ends with `suffix` (e.g. to prove that nothing was sent). */
export function countRequests(page: Page, suffix: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(suffix)) count += 1;
  });
  return () => count;
}

/**
 * Asks the server for `url` without following a redirect, as a plain HTTP client would. Node
 * does not resolve `*.localhost` as Chromium does, so the request goes to the loopback address
 * itself; the host name plays no part in `/s/<code>`.
 */
export async function fetchWithoutRedirect(fx: E2eFixture, url: string): Promise<{ status: number; location: string | null }> {
  const { pathname, search } = new URL(url);
  const response = await fetch(`http://127.0.0.1:${fx.server.port}${pathname}${search}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

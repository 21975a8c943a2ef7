/**
 * Playwright's `networkidle` for a page's whole life: a page reaches that load state once per
 * load, so after a navigation inside the live page (the router following history) it would
 * answer at once, while the new view still fetches its data. This counts the page's own
 * requests instead and waits until none has been in flight for `quietMs` (networkidle's 500 ms).
 */
import type { Page, Request } from 'playwright-core';

export interface NetworkQuiet {
  /** Resolves once no request has been in flight for `quietMs`; fails after `timeoutMs` of traffic. */
  reached(quietMs?: number, timeoutMs?: number): Promise<void>;
}

export function trackNetwork(page: Page): NetworkQuiet {
  const inFlight = new Set<Request>();
  let changedAt = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    changedAt = Date.now();
  });
  const settled = (request: Request) => {
    inFlight.delete(request);
    changedAt = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return {
    async reached(quietMs = 500, timeoutMs = 30_000) {
      const start = Date.now();
      while (inFlight.size > 0 || Date.now() - changedAt < quietMs) {
        if (Date.now() - start > timeoutMs) {
          const urls = [...inFlight].map((r) => `${r.method()} ${r.url()}`).join(', ');
          throw new Error(`the page still had request(s) in flight after ${timeoutMs} ms at ${page.url()}: ${urls}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

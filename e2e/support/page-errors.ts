/** Everything a page logs as an error: console.error lines, failed loads Chromium reports, and uncaught exceptions. */
import type { Page } from 'playwright-core';

export interface PageErrors {
  /** The errors since the last `take()`, cleared by it. */
  take(): string[];
}

export function collectPageErrors(page: Page): PageErrors {
  let errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error at ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught at ${page.url()}: ${error.message}`));
  return {
    take() {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}

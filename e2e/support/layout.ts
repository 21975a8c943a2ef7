import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Fails unless the page, once settled at its current width, has nothing sticking out sideways
 * (no horizontal scroll). "Settled" matters after `setViewportSize`: the shell's header swaps
 * its desktop links for the burger through a media-query listener and a React render, which on
 * a loaded CI machine can come after the first measurement (a 161 px false alarm in CI). A
 * layout that keeps overflowing still fails, after `timeout`.
 */
export async function expectNoSidewaysScroll(page: Page, timeout = 5_000): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout, interval: 100 })
    .toBeLessThanOrEqual(0);
}

import type { Page } from 'playwright-core';

/**
 * Does what a person's first gesture does on a prerendered home (ADR 040): a pointer moving
 * over the page starts the live page; resolves once it has replaced the static one. On any
 * other page (already live) it only moves the pointer.
 */
export async function reachFor(page: Page, timeout = 30_000): Promise<void> {
  await page.mouse.move(5, 5);
  await page.mouse.move(20, 20);
  await page.locator('[data-chi-width]').first().waitFor({ state: 'detached', timeout });
}

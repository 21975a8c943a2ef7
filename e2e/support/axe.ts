/**
 * axe-core in a Playwright page: what a screen-reader or low-vision user would run into.
 * The page's strict CSP forbids injected <script> elements, so axe's source is evaluated over
 * the DevTools protocol (page.evaluate), which the CSP does not govern.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** CSS target and axe's failure summary of each offending element. */
  nodes: string[];
}

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Waits until no CSS transition or animation runs (a modal fading in would fail contrast mid-way). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
}

/** Runs axe on the whole page (WCAG 2.x A and AA and axe's best practices) and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await settled(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const results = await runner.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  });
  return violations.filter((v) => BLOCKING_IMPACTS.has(v.impact));
}

/** One readable line per finding, for an assertion message. */
export function describeFindings(where: string, findings: readonly AxeFinding[]): string {
  return `${where}: ${findings.length} serious/critical axe violation(s)\n${findings
    .map((f) => `- [${f.impact}] ${f.id}: ${f.help}\n    ${f.nodes.slice(0, 5).join('\n    ')}`)
    .join('\n')}`;
}

/**
 * Issue 11: Color Catch played end to end from the hub (scaled time), its Feedback from the
 * server's record, and the export: exactly one row per probe answer, with positive RTs.
 */
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';
import { exportCsv, openDataAsResearcher, playColorCatch } from './support/delphi-play';

const ADMIN = { email: 'colors@example.org', password: 'a long researcher passphrase' };
const fx = useServerAndBrowser({ GAME_TIME_SCALE: '0.2', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const delphiUrl = (path: string) => fx.server.url('delphi', path);

describe('Color Catch (issue 11)', () => {
  it('is played from the hub to its Feedback; the export has one row per answer with positive RTs', async () => {
    const { context, page } = await fx.page();
    await page.goto(delphiUrl('/?participantId=CC-1'));
    await visible(page.getByRole('heading', { name: 'Your games' }));
    const answered = await playColorCatch(page, { wrongEvery: 5 });
    expect(answered).toEqual({ practice: 6, game: 84 });
    await visible(page.getByRole('heading', { name: 'Your results' }), 30_000);
    await visible(page.getByRole('row', { name: /Level 4/ }), 30_000);
    const level1 = (await page.getByRole('row', { name: /Level 1/ }).textContent()) ?? '';
    expect(level1).toMatch(/\d+ \/ 12 correct/);
    await context.close();

    const admin = await fx.page();
    await openDataAsResearcher(admin.page, delphiUrl, ADMIN);
    const rows = (await exportCsv(admin.page)).filter((row) => row.participantId === 'CC-1');
    await admin.context.close();
    expect(rows).toHaveLength(90);
    expect(rows.filter((row) => row.round === 'Practice')).toHaveLength(6);
    for (const round of ['L1', 'L2', 'L3', 'L4']) expect(rows.filter((row) => row.round === round)).toHaveLength(6 * (Number(round[1]) + 1));
    for (const row of rows) {
      expect(row).toMatchObject({ game: 'ColorCatch', anticipation: 'false', gameStatus: 'completed' });
      expect(Number(row.rtMs)).toBeGreaterThan(0);
      expect(Number(row.rtMs)).toBeLessThan(10_000);
      expect(Number(row.frameIntervalMs)).toBeGreaterThan(0);
      const attributes = JSON.parse(row.attributes ?? '{}') as { targetCell: number; clickedCell: number; errorType: string | null };
      expect(row.isCorrect).toBe(String(attributes.targetCell === attributes.clickedCell));
      if (row.isCorrect === 'false') expect(['outdated', 'swap', 'other']).toContain(attributes.errorType);
    }
    // Every fifth answer was given wrong on purpose.
    expect(rows.filter((row) => row.isCorrect === 'false')).toHaveLength(18);
  }, 240_000);

  it('at 320 × 568 the whole grid and the time limit are in view, clear of the edges, cells at least 48 px (issue 25 item 8)', async () => {
    const { context, page } = await fx.page({ width: 320, height: 568 });
    await page.goto(delphiUrl('/?participantId=CC-320'));
    await page.getByRole('link', { name: 'Play Color Catch' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    // The intro is taller than the phone: the participant scrolls down to its button.
    await visible(page.getByRole('button', { name: 'Start the practice' }));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Start the practice' }).click();
    await page.locator('[data-probe]').waitFor();
    const layout = await page.evaluate(() => {
      const grid = document.querySelector('[data-grid]')!.getBoundingClientRect();
      const cell = document.querySelector('[data-grid] [data-cell]')!.getBoundingClientRect();
      const limit = Array.from(document.querySelectorAll('p')).find((p) => /^Answer within /.test(p.textContent ?? ''))!.getBoundingClientRect();
      return { scrollY, gridLeft: grid.left, gridRight: grid.right, gridBottom: grid.bottom, cell: cell.width, limitBottom: limit.bottom, width: innerWidth, height: innerHeight };
    });
    expect(layout.scrollY).toBe(0);
    expect(layout.gridBottom).toBeLessThanOrEqual(layout.height - 8);
    expect(layout.limitBottom).toBeLessThanOrEqual(layout.gridBottom);
    expect(layout.gridLeft).toBeGreaterThanOrEqual(8);
    expect(layout.gridRight).toBeLessThanOrEqual(layout.width - 8);
    expect(layout.cell).toBeGreaterThanOrEqual(48);
    await context.close();
  }, 60_000);
});

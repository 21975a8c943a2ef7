/**
 * Issue 17 part 5: after a participant plays Flash Match, the researcher sees its RT plot on
 * /Data with its caption and numbers, and picks that participant to draw them against the group.
 */
import { describe, expect, it } from 'vitest';
import { openDataAsResearcher, playFlashMatch } from './support/delphi-play';
import { useServerAndBrowser, visible } from './support/fixture';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

describe('plots per task on /Data', () => {
  it('shows the Flash Match RT plot with its caption and highlights a picked participant', async () => {
    const participant = await fx.page();
    await participant.page.goto(fx.server.url('delphi', '/?participantId=plot-p1'));
    await visible(participant.page.getByRole('heading', { name: 'Your games' }));
    await playFlashMatch(participant.page, { stopAfter: 12 });
    await participant.context.close();

    const { page } = await fx.page();
    await openDataAsResearcher(page, (path) => fx.server.url('delphi', path), ADMIN);
    const plots = page.getByRole('region', { name: 'Plots per task' });
    // The plots start on the study's first game (the default study's is Quiz Time): pick Flash Match.
    const task = plots.getByRole('combobox', { name: 'Task' });
    await visible(task);
    expect(await task.inputValue()).toBe('Quiz Time');
    await task.click();
    await page.getByRole('option', { name: 'Flash Match' }).click();
    await visible(plots.getByRole('heading', { name: 'Response times per condition and block' }));
    await visible(plots.getByText('1 participant in the group.'));
    const figure = plots.getByRole('figure', { name: /Flash Match: response times when the expected answer was “yes”/ });
    await visible(figure);
    // The chart is drawn (by the lazily loaded library) and the numbers are there as a table.
    await visible(figure.locator('[data-testid="plot-rt-chart"] svg').first());
    await figure.getByText('The numbers').click();
    const table = figure.getByRole('table', { name: 'Response times per condition and block' });
    await visible(table.getByRole('cell', { name: 'SZ_1' }).first());
    expect(await table.getByRole('columnheader', { name: 'Participant: Responses' }).count()).toBe(0);

    const picker = plots.getByRole('combobox', { name: 'Highlight a participant' });
    await picker.fill('plot-p');
    await page.getByRole('option', { name: 'plot-p1' }).click();
    await visible(table.getByRole('columnheader', { name: 'Participant: Responses' }));
    // The participant's own responses are dots on top of the group's bars.
    await visible(figure.locator('[data-testid="plot-rt-chart"] circle').first());
    expect(await page.getByText('plot-p1 has no responses in this task.').count()).toBe(0);
  }, 150_000);

  it('shows a participant who joins while /Data is open, without a reload (issue 17 part 3)', async () => {
    const { page } = await fx.page();
    await openDataAsResearcher(page, (path) => fx.server.url('delphi', path), ADMIN);
    const table = page.getByRole('region', { name: 'Participants' });
    await visible(table);
    expect(await table.getByRole('rowheader', { name: /live-p2/ }).count()).toBe(0);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

    const participant = await fx.page();
    await participant.page.goto(fx.server.url('delphi', '/?participantId=live-p2'));
    await visible(participant.page.getByRole('heading', { name: 'Your games' }));
    await participant.context.close();

    // The table polls every 10 s while the tab is visible.
    await visible(table.getByRole('rowheader', { name: /live-p2/ }));
    expect(navigations).toEqual([]);
  }, 90_000);
});

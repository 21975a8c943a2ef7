import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { hidden, visible } from './support/fixture';
import { exportCsv, openDataAsResearcher, playFlashMatch, playQuiz } from './support/delphi-play';
import { useRestartableServerAndBrowser } from './support/restartable-server';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const fx = useRestartableServerAndBrowser({ GAME_TIME_SCALE: '0.05', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

async function exportRows(): Promise<Record<string, string>[]> {
  const { context, page } = await newPage(fx.browser);
  await openDataAsResearcher(page, (path) => fx.server.url('delphi', path), ADMIN);
  const rows = await exportCsv(page);
  await context.close();
  return rows;
}

describe('nothing recorded is lost', () => {
  it('a reload mid-Quiz (confirmed) shows Quiz Time as interrupted (no replay) and keeps the answers given', async () => {
    const { context, page } = await newPage(fx.browser);
    await page.goto(fx.server.url('delphi', '/?participantId=P2'));
    await visible(page.getByRole('heading', { name: 'Your games' }));
    const given = await playQuiz(page, { stopAfter: 7 });
    // The browser asks before a running game's page goes (issue 18); the participant leaves.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await visible(page.getByRole('alert').getByText('This game was interrupted. Your answers so far are saved.'));
    await page.goto(fx.server.url('delphi', '/'));
    const quizCard = page.getByRole('article', { name: 'Quiz Time' });
    await visible(quizCard.getByText('Interrupted'));
    expect(await quizCard.getByRole('link').count()).toBe(0);
    // Wait until the outbox has delivered what was pending at the reload.
    await hidden(page.getByText(/answers waiting to be saved/));
    await context.close();

    const rows = (await exportRows()).filter((row) => row.participantId === 'P2');
    expect(rows).toHaveLength(given);
    expect(rows.map((row) => Number(row.questionIndex)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  }, 90_000);

  it('a server stopped for seconds mid-Flash-Match loses nothing and duplicates nothing', async () => {
    const { context, page } = await newPage(fx.browser);
    await page.goto(fx.server.url('delphi', '/?participantId=P3'));
    await visible(page.getByRole('heading', { name: 'Your games' }));
    let outage: Promise<void> | undefined;
    let latest = 0;
    let atRestart = 0;
    const answered = await playFlashMatch(page, {
      afterAnswer: async (n) => {
        latest = n;
        if (n === 20) {
          await fx.server.stop();
          // Back after several seconds, while the participant keeps answering.
          outage = new Promise((resolve) => setTimeout(resolve, 5000)).then(() => {
            atRestart = latest;
            return fx.server.restart();
          });
        }
      },
    });
    await outage;
    expect(answered).toBe(168);
    // The participant went on answering while the server was down.
    expect(atRestart).toBeGreaterThan(30);
    await hidden(page.getByText('Scores are not ready'), 60_000);
    await visible(page.getByRole('row', { name: /Comparison Round 2/ }));
    await context.close();

    const rows = (await exportRows()).filter((row) => row.participantId === 'P3');
    expect(rows).toHaveLength(168);
    const keys = rows.map((row) => `${row.round}:${row.questionIndex}`);
    expect(new Set(keys).size).toBe(168);
  }, 120_000);
});

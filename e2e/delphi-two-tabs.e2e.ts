/**
 * Two tabs of one participant play while the server is down; one closes; every answer of both
 * arrives exactly once. The spec stops its server and starts it again on the same port, so it
 * runs alone (vitest.config.ts RUN_ALONE).
 */
import { describe, expect, it } from 'vitest';
import { visible } from './support/fixture';
import { playFlashMatch, playQuiz } from './support/delphi-play';
import { answerQuiz, delphiData, questionIndexes } from './support/delphi-data';
import { useRestartableServerAndBrowser } from './support/restartable-server';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const fx = useRestartableServerAndBrowser({ GAME_TIME_SCALE: '0.05', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

const exportWhenArrived = (participantId: string, expected: number) =>
  delphiData(fx.browser, (path) => fx.server.url('delphi', path), ADMIN).rowsWhenArrived(participantId, expected);

describe('two tabs of one participant', () => {
  it('each plays while the server is down; one closes; every answer of both arrives exactly once', async () => {
    const context = await fx.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const first = await context.newPage();
    await first.goto(fx.server.url('delphi', '/?participantId=P5'));
    await visible(first.getByRole('heading', { name: 'Your games' }));
    // Opened from the first tab, the second starts with a copy of its sessionStorage (its tab
    // id too), like a duplicated tab: it must notice and keep its records under a key of its own.
    const [second] = await Promise.all([context.waitForEvent('page'), first.evaluate(() => void window.open(location.href))]);
    await visible(second.getByRole('heading', { name: 'Your games' }));
    // The games' code is loaded while the server is up; it stops two answers into each game.
    const quizBefore = await playQuiz(first, { stopAfter: 2 });
    const flash = await playFlashMatch(second, { stopAfter: 10, afterAnswer: async (n) => (n === 2 ? fx.server.stop() : undefined) });
    const quiz = quizBefore + (await answerQuiz(first, 2, 7));
    // Closed with its answers unsent: only the other tab can still deliver them.
    await first.close();
    await fx.server.restart();

    const rows = await exportWhenArrived('P5', quiz + flash);
    expect(questionIndexes(rows, 'QuizTime')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(questionIndexes(rows, 'FlashMatch')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows).toHaveLength(17);
    await context.close();
  }, 150_000);
});

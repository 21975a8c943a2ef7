import { afterAll, describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { logIn } from './support/account-flows';
import { exportCsv, playFlashMatch, playQuiz } from './support/delphi-play';
import { startStudyParentPage } from './support/study-parent-page';
import { fakeMicrophone, playMorningMemo } from './support/fake-microphone';
import { playByApi } from './support/play-by-api';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const studyPage = await startStudyParentPage();
const STUDY_ORIGIN = studyPage.origin;
afterAll(() => studyPage.close());
const microphone = await fakeMicrophone();
afterAll(() => microphone.dispose());
const fx = useServerAndBrowser({
  GAME_TIME_SCALE: '0.05',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  STUDY_PARENT_ORIGINS: STUDY_ORIGIN,
}, microphone.args);

describe('a participant plays Quiz Time and Flash Match; a researcher exports the answers', () => {
  it('plays both games end to end, sees feedback, and the CSV has one row per answer', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('delphi', '/?participantId=P1'));
    await visible(page.getByRole('heading', { name: 'Your games' }));
    // A participant meets no researcher link and no Log in; the language stays theirs to choose.
    await visible(page.getByRole('combobox', { name: 'Language' }));
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Data' }).count()).toBe(0);
    const quizCard = page.getByRole('article', { name: 'Quiz Time' });
    await visible(quizCard.getByText('To play'));
    await visible(page.getByRole('article', { name: 'Word Links' }).getByText('Optional'));
    // All six games are built: every tile offers its game.
    await visible(page.getByRole('article', { name: 'Morning Memo' }).getByRole('link', { name: 'Play Morning Memo' }));
    expect(await page.getByText('Not available yet').count()).toBe(0);

    const quizAnswers = await playQuiz(page);
    await page.waitForURL((url) => url.pathname === '/QuizTime/Feedback');
    await visible(page.getByRole('heading', { name: 'Your results' }));
    await hidden(page.getByText('Saving your answers…'));
    const social = page.getByRole('row', { name: /Social Science/ });
    await visible(social);
    expect(await social.textContent()).toMatch(/\d+ \/ 10 correct/);
    await page.getByRole('link', { name: 'Back to your games' }).click();
    await visible(quizCard.getByText('Played'));
    expect(await quizCard.getByRole('link').count()).toBe(0);

    const flashAnswers = await playFlashMatch(page);
    await hidden(page.getByText('Scores are not ready'));
    const sz1 = page.getByRole('row', { name: /Search Round 1/ });
    await visible(sz1);
    // Every fifth answer was wrong on purpose: 34 of 42 right in each block.
    expect(await sz1.textContent()).toContain('34 / 42 correct');
    expect(await page.getByRole('row', { name: /Comparison Round 2/ }).textContent()).toContain('34 / 42 correct');
    expect(quizAnswers + flashAnswers).toBe(198);
    await context.close();

    const researcher = await fx.page();
    await logIn(fx, researcher.page, ADMIN.email, ADMIN.password, 'delphi');
    await hidden(researcher.page.getByRole('dialog', { name: 'Login' }));
    await researcher.page.goto(fx.server.url('delphi', '/Data'));
    await visible(researcher.page.getByRole('rowheader', { name: 'P1' }));
    const rows = await exportCsv(researcher.page);
    const mine = rows.filter((row) => row.participantId === 'P1');
    expect(mine).toHaveLength(198);
    expect(mine.filter((row) => row.game === 'QuizTime')).toHaveLength(30);
    expect(new Set(mine.filter((row) => row.game === 'FlashMatch').map((row) => row.round))).toEqual(new Set(['SZ_1', 'SZ_2', 'VS_1', 'VS_2']));
    expect(mine.every((row) => Number(row.rtMs) >= 0 && row.promptId !== '')).toBe(true);
    // Every row carries its game's status and how it was answered: clicks for Quiz Time, keys for Flash Match.
    expect(mine.every((row) => row.gameStatus === 'completed')).toBe(true);
    expect(new Set(mine.map((row) => `${row.game}:${row.modality}`))).toEqual(new Set(['QuizTime:mouse', 'FlashMatch:key']));
    await researcher.context.close();
  }, 150_000);

  it('inside a study page\'s iframe, joins through initStudySuite and tells the parent when the suite is done', async () => {
    const { context, page } = await fx.page();
    const gamesUrl = fx.server.url('delphi', '/?participantId=P4');
    const suiteCall = page.waitForResponse((response) => response.url().endsWith('/Suite/action/initStudySuite'));
    await page.goto(studyPage.url(gamesUrl));
    const joined = await suiteCall;
    expect(JSON.parse(joined.request().postData() ?? '{}')).toMatchObject({ _participantId: 'P4', parentOrigin: STUDY_ORIGIN });
    const suite = { participantId: 'P4', suiteId: ((await joined.json()) as { suite: { _id: string } }).suite._id };
    const frame = page.frame({ url: (url) => url.hostname.startsWith('delphi.') });
    if (!frame) throw new Error('no games frame');
    await visible(frame.getByRole('heading', { name: 'Your games' }));
    // The games answered by tap or click end through the API, called from the frame with its own
    // (partitioned) suite cookie; the frame has no storage, so the suite is the one just joined.
    // Their screens are played in their own specs. Two are played in the frame: Flash Match by
    // keys (the frame must have the keyboard's focus) and Morning Memo (the microphone needs the
    // iframe's permission); the last one's end brings the participant back to the hub.
    for (const game of ['QuizTime', 'ColorCatch', 'MimeMix']) await playByApi(frame, game, suite);
    await playFlashMatch(frame);
    await frame.getByRole('link', { name: 'Back to your games' }).click();
    await playMorningMemo(frame);
    await frame.getByRole('link', { name: 'Back to your games' }).click();
    // Every game but the optional Word Links is played: the hub thanks the participant.
    await visible(frame.getByText(/^Thank you! You have (completed the study|played every game)/));
    await page.waitForFunction(() => (window as unknown as { messages: unknown[] }).messages.length > 0);
    const messages = await page.evaluate(() => (window as unknown as { messages: unknown[] }).messages);
    expect(messages).toEqual([{ origin: new URL(gamesUrl).origin, data: { type: 'chi:suite-complete', participantId: 'P4' } }]);
    await context.close();
  }, 240_000);
});

/**
 * A study's end (issue 26, ADR 073): a study with a Prolific completion redirect and two games in
 * a fixed order, made through the API. Two Prolific participants arrive with PROLIFIC_PID, agree to
 * the consent and finish; each lands on Prolific's completion URL with the study's code (Prolific's
 * host is answered by the test, no network). The first plays Mime Mix through the UI (only the
 * next game of the order is open); the rest of the games are driven by each participant's own
 * browser calling the API (the games themselves are tested elsewhere).
 */
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';
import { createAccountByApi } from './support/api-accounts';
import { openStudyByApi } from './support/studies';
import { playMimeMix } from './support/mime-mix-play';
import { playByApi, sessionOf } from './support/play-by-api';

const fx = useServerAndBrowser({ GAME_TIME_SCALE: '0.05' });
const CODE = 'C0MPL3TE';
const SLUG = 'prolific-end';

describe('two Prolific participants finish a study and are sent back with its code', () => {
  it('consent, the games in order, the end page, and the completion redirect with cc=<code>', async () => {
    const owner = await createAccountByApi(fx, 'Petra', 'Panel');
    await openStudyByApi(fx, owner.cookie, {
      slug: SLUG,
      name: 'Prolific end',
      games: [{ game: 'MimeMix' }, { game: 'QuizTime' }],
      order: 'fixed',
      participantParam: 'PROLIFIC_PID',
      keptParams: ['STUDY_ID', 'SESSION_ID'],
      consentMarkdown: 'I agree to take part.',
      completionRedirect: 'https://app.prolific.com/submissions/complete?cc={code}',
      completionCode: CODE,
    });

    for (const [pid, throughUi] of [['pid-one', true], ['pid-two', false]] as const) {
      const { context, page } = await fx.page();
      await page.route('https://app.prolific.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Prolific</title><p>Submission complete</p>' }));
      const link = `/s/${SLUG}?PROLIFIC_PID=${pid}&STUDY_ID=st-1&SESSION_ID=se-${pid}`;
      await page.goto(fx.server.url('delphi', link));
      await page.getByRole('button', { name: 'I agree' }).click();
      await visible(page.getByRole('heading', { name: 'Your games' }));
      // The fixed order: Mime Mix first, Quiz Time waits; no "in any order".
      expect(await page.getByRole('link', { name: 'Play Quiz Time' }).count()).toBe(0);
      expect(await page.getByText(/in any order/).count()).toBe(0);
      const { participantId } = await sessionOf(page);
      expect(participantId).toBe(pid);
      if (throughUi) {
        await playMimeMix(page);
        await page.getByRole('link', { name: 'Back to your games' }).click();
        await visible(page.getByRole('link', { name: 'Play Quiz Time' }));
      } else {
        await playByApi(page, 'MimeMix');
      }
      await playByApi(page, 'QuizTime');
      // Back to the link (as after the last game): the end page, then Prolific with the code.
      await page.goto(fx.server.url('delphi', link));
      await visible(page.getByRole('heading', { name: 'Thank you for taking part', level: 1 }));
      const back = await visible(page.getByRole('link', { name: 'Return to Prolific' }));
      expect(await back.getAttribute('href')).toBe(`https://app.prolific.com/submissions/complete?cc=${CODE}`);
      await page.waitForURL((url) => url.hostname === 'app.prolific.com', { timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get('cc')).toBe(CODE);
      await context.close();
    }
  }, 120_000);
});

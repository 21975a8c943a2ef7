/**
 * A study's data (issue 26, ADR 074): a colleague with review level, who is no application
 * administrator, opens `/Data?study=<id>`, sees the study's participant and not the pilot run,
 * but no Exclude button (review level), and sees the pilot run, marked, once they include preview and pilot runs:
 * on a phone as cards, on a desktop in the table.
 */
import { describe, expect, it } from 'vitest';
import { account, delphi } from '@chi/contract';
import { useServerAndBrowser, visible } from './support/fixture';
import { createAccountByApi, logInBrowser } from './support/api-accounts';
import { callApi } from './support/api-client';

const fx = useServerAndBrowser();

describe('a study’s data for its team', () => {
  it('a reviewer who is no administrator sees the study’s participants, and the pilot run only when asked', async () => {
    const owner = await createAccountByApi(fx, 'Stine', 'Study');
    const reviewer = await createAccountByApi(fx, 'Rolf', 'Review');
    const port = fx.server.port;
    const created = await callApi(port, delphi.createStudy, { slug: 'colour-study', name: 'Colour study', games: [{ game: 'QuizTime' }], participantParam: 'participantId' }, { cookie: owner.cookie });
    expect(created.status, created.body).toBe(200);
    const study = created.json<{ study: delphi.Study }>().study;
    const me = await callApi(port, account.resumeSession, {}, { cookie: reviewer.cookie });
    const reviewerId = me.json<{ User: { _id: string } }>().User._id;
    expect((await callApi(port, delphi.addStudyMember, { accountId: reviewerId, level: 'review' }, { cookie: owner.cookie, id: study.id })).status).toBe(200);
    const enter = async (participantId: string) => {
      const entered = await callApi(port, delphi.enterStudy, { study: 'colour-study', params: { participantId } });
      expect(entered.status, entered.body).toBe(200);
    };
    await callApi(port, delphi.setStudyStatus, { status: 'piloting' }, { cookie: owner.cookie, id: study.id });
    await enter('pilot-run-1');
    await callApi(port, delphi.setStudyStatus, { status: 'open' }, { cookie: owner.cookie, id: study.id });
    await enter('panel-person-1');

    const { context, page } = await fx.page({ width: 390, height: 844 });
    await logInBrowser(fx, context, reviewer, 'delphi');
    await page.goto(fx.server.url('delphi', `/Data?study=${study.id}`));
    await visible(page.getByRole('heading', { name: 'Participants' }));
    // A phone: a card per participant (the table is for wider screens).
    const cards = page.getByRole('list', { name: 'Participants' }).getByRole('listitem');
    await visible(cards.filter({ hasText: 'panel-person-1' }));
    expect(await cards.filter({ hasText: 'pilot-run-1' }).count()).toBe(0);
    // Review level reads; excluding is for managers (the server refuses it too).
    expect(await page.getByRole('button', { name: 'Exclude participant panel-person-1' }).count()).toBe(0);
    // The study selector shows the study named in the URL.
    await expect.poll(() => page.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toContain('Colour study (colour-study)');
    await page.screenshot({ path: '/tmp/h8-data-390.png', fullPage: false });

    // By keyboard: the switch takes the focus and Space turns it on.
    await page.getByRole('switch', { name: /Include preview and pilot runs/ }).focus();
    await page.keyboard.press('Space');
    await visible(cards.filter({ hasText: 'pilot-run-1' }));
    expect(page.url()).toContain('runs=all');
    await page.setViewportSize({ width: 1440, height: 900 });
    await visible(page.getByRole('rowheader', { name: /pilot-run-1/ }));
    await visible(page.getByRole('rowheader', { name: /panel-person-1/ }));
    await page.screenshot({ path: '/tmp/h8-data-1440.png', fullPage: false });
    await context.close();
  }, 90_000);
});

/**
 * The researcher's study pages (issue 26 item 7): a researcher makes a study through the UI —
 * three games in a Latin-square order, Prolific's parameters and completion redirect — sees and
 * copies its Prolific link, previews it, pilots and opens it; a colleague with review level reads
 * the settings and cannot change the status.
 */
import { describe, expect, it } from 'vitest';
import { account, delphi } from '@chi/contract';
import { useServerAndBrowser, visible } from './support/fixture';
import { createAccountByApi, logInBrowser } from './support/api-accounts';
import { callApi } from './support/api-client';

const fx = useServerAndBrowser();

describe('a researcher’s studies', () => {
  it('creates, configures, previews and opens a study; a reviewer only reads it', async () => {
    const owner = await createAccountByApi(fx, 'Olga', 'Owner');
    const reviewer = await createAccountByApi(fx, 'Rasmus', 'Review');
    const reviewerId = (await callApi(fx.server.port, account.resumeSession, {}, { cookie: reviewer.cookie })).json<{ User: { _id: string } }>().User._id;

    const { context, page } = await fx.page();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fx.server.url('delphi') });
    await logInBrowser(fx, context, owner, 'delphi');
    await page.goto(fx.server.url('delphi', '/Studies'));
    await visible(page.getByText('You are not in any study yet.'));
    await page.getByRole('button', { name: 'New study' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Spring pilot');
    await page.getByRole('textbox', { name: 'Link name (slug)' }).fill('spring-pilot');
    await page.getByRole('button', { name: 'Create study' }).click();
    await visible(page.getByRole('heading', { name: 'Spring pilot', level: 1 }));

    // Three games in a balanced Latin square, Prolific's id and parameters, its completion redirect.
    for (const game of ['Flash Match', 'Color Catch', 'Morning Memo']) await page.getByRole('button', { name: `Remove ${game}` }).click();
    await page.getByRole('button', { name: 'Move Mime Mix up' }).click();
    await page.getByRole('radio', { name: 'Balanced Latin square' }).check();
    await page.getByRole('combobox', { name: 'Participant id from' }).click();
    await page.getByRole('option', { name: 'PROLIFIC_PID (Prolific)' }).click();
    // Prolific's STUDY_ID and SESSION_ID come with its id.
    const kept = page.getByRole('combobox', { name: 'Other URL parameters kept' });
    await kept.fill('LAB_ROOM');
    await kept.press('Enter');
    await page.getByRole('textbox', { name: 'Completion redirect' }).fill('http://app.prolific.com/submissions/complete?cc={code}');
    await page.getByRole('textbox', { name: 'Completion code' }).fill('C0DE1');
    await page.getByRole('textbox', { name: 'Link for participants who do not agree' }).fill('https://app.prolific.com/submissions/complete?cc=NOCONSENT');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // The server's 400 shows at the field it is about.
    await visible(page.getByText('must be an https:// URL'));
    await page.getByRole('textbox', { name: 'Completion redirect' }).fill('https://app.prolific.com/submissions/complete?cc={code}');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText('Settings saved.'));

    const prolific = 'PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}&LAB_ROOM={LAB_ROOM}';
    await visible(page.getByText(`/s/spring-pilot?${prolific}`));
    await page.getByRole('button', { name: 'Copy: Prolific study URL' }).click();
    await visible(page.getByRole('button', { name: 'Copy: Prolific study URL' }).getByText('Copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fx.server.url('delphi', `/s/spring-pilot?${prolific}`));
    await visible(page.getByRole('cell', { name: 'Quiz Time → Mime Mix → Word Links' }));

    // Preview: the study link's page opens as a preview, and says its answers stay out of the data.
    const preview = await page.getByRole('link', { name: 'Preview' }).getAttribute('href');
    expect(preview).toBe('/s/spring-pilot?preview=1');
    const { context: previewContext, page: previewPage } = await fx.page();
    await logInBrowser(fx, previewContext, owner, 'delphi');
    await previewPage.goto(fx.server.url('delphi', preview ?? ''));
    // Entered, the link's page hands over to the hub (at /), still marked as a preview.
    await visible(previewPage.getByRole('heading', { name: 'Your games' }));
    await visible(previewPage.getByText('Preview — your answers are marked as a preview and left out of the data.'));
    await previewContext.close();

    await page.getByRole('button', { name: 'Start piloting' }).click();
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await visible(page.getByRole('button', { name: 'Close' }));
    const studyId = new URL(page.url()).pathname.split('/').pop() ?? '';
    // Setting the same status again changes nothing and answers the stored study.
    const stored = await callApi(fx.server.port, delphi.setStudyStatus, { status: 'open' }, { cookie: owner.cookie, id: studyId });
    expect(stored.status, stored.body).toBe(200);
    expect(stored.json<{ study: delphi.Study }>().study).toMatchObject({
      status: 'open',
      order: 'latin-square',
      participantParam: 'PROLIFIC_PID',
      completionCode: 'C0DE1',
      declineRedirect: 'https://app.prolific.com/submissions/complete?cc=NOCONSENT',
    });

    await page.getByRole('textbox', { name: 'Account id' }).fill(reviewerId);
    await page.getByRole('button', { name: 'Add to team' }).click();
    await visible(page.getByRole('cell', { name: /Rasmus Review/ }));
    const studyUrl = page.url();
    await context.close();

    // The reviewer: the study page reads, nothing changes.
    const { context: reviewContext, page: reviewPage } = await fx.page();
    await logInBrowser(fx, reviewContext, reviewer, 'delphi');
    await reviewPage.goto(studyUrl);
    await visible(reviewPage.getByRole('heading', { name: 'Spring pilot', level: 1 }));
    await visible(reviewPage.getByText('You can read the settings'));
    expect(await reviewPage.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true);
    expect(await reviewPage.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await reviewPage.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await visible(reviewPage.getByText("Only the team's manage and own levels change the status."));
    await reviewContext.close();
  }, 90_000);
});

/**
 * A study link (issue 26, ADR 073): a researcher makes and opens a study through the API; a
 * Prolific participant opens `/s/<slug>?PROLIFIC_PID=…`, agrees to the consent and sees the hub
 * with the study's games only. A phone opening a study for keyboards is told why and takes no
 * place in it (ADR 073 amended); nor does a participant who does not agree to the consent.
 */
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';
import { createAccountByApi } from './support/api-accounts';
import { openStudyByApi, startedCount } from './support/studies';

const fx = useServerAndBrowser();

describe('a participant through a study link', () => {
  it('agrees to the consent, then sees the hub with only the study’s two games', async () => {
    const owner = await createAccountByApi(fx, 'Stine', 'Study');
    await openStudyByApi(fx, owner.cookie, {
      slug: 'memory-pilot',
      name: 'Memory pilot',
      games: [{ game: 'MimeMix' }, { game: 'QuizTime' }],
      order: 'fixed',
      participantParam: 'PROLIFIC_PID',
      keptParams: ['STUDY_ID'],
      consentMarkdown: '# Taking part\n\nYou may stop **at any time**.',
    });

    const { context, page } = await fx.page();
    await page.goto(fx.server.url('delphi', '/s/memory-pilot?PROLIFIC_PID=x&STUDY_ID=st-1'));
    await visible(page.getByRole('heading', { name: 'Before you start', level: 1 }));
    await visible(page.getByText('at any time'));
    expect(await page.getByRole('heading', { name: 'Your games' }).count()).toBe(0);
    await page.getByRole('button', { name: 'I agree' }).click();
    await visible(page.getByRole('heading', { name: 'Your games' }));
    await visible(page.getByRole('article', { name: 'Mime Mix' }));
    await visible(page.getByRole('article', { name: 'Quiz Time' }));
    expect(await page.getByRole('article').count()).toBe(2);
    await visible(page.getByText('Participant x'));

    // A reload goes straight to the hub: the server remembers the agreement.
    await page.goto(fx.server.url('delphi', '/s/memory-pilot?PROLIFIC_PID=x&STUDY_ID=st-1'));
    await visible(page.getByRole('heading', { name: 'Your games' }));
    expect(await page.getByRole('article').count()).toBe(2);
    await context.close();
  }, 90_000);

  it('shows a participant on a phone who switches to Danish the study’s Danish consent (ADR 079)', async () => {
    const owner = await createAccountByApi(fx, 'Dorte', 'Dansk');
    await openStudyByApi(fx, owner.cookie, {
      slug: 'two-languages',
      name: 'Two languages',
      games: [{ game: 'QuizTime' }],
      participantParam: 'PROLIFIC_PID',
      consentMarkdown: 'Your answers are kept **for research**.',
      consentTranslations: { dk: 'Dine svar gemmes **til forskning**.' },
    });
    const { context, page } = await fx.page({ width: 360, height: 740, touch: true });
    await page.goto(fx.server.url('delphi', '/s/two-languages?PROLIFIC_PID=dk-1'));
    await visible(page.getByText('for research'));
    // On a phone the language switch is in the menu.
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('dk');
    await visible(page.getByText('til forskning'));
    expect(await page.getByText('for research').count()).toBe(0);
    await page.getByRole('button', { name: 'Luk menu' }).tap();
    await page.getByRole('button', { name: 'Jeg accepterer', exact: true }).tap();
    await visible(page.getByRole('heading', { name: 'Dine spil' }));
    await context.close();
  }, 60_000);

  it('tells a phone that the study needs a keyboard, and the study counts no participant for it', async () => {
    const owner = await createAccountByApi(fx, 'Kim', 'Keys');
    await openStudyByApi(fx, owner.cookie, {
      slug: 'typing-study',
      name: 'Typing study',
      games: [{ game: 'QuizTime' }],
      participantParam: 'PROLIFIC_PID',
      devices: { phoneAllowed: true, keyboardNeeded: true, microphoneNeeded: false },
    });
    const { context, page } = await fx.page({ width: 390, height: 844, touch: true });
    await page.goto(fx.server.url('delphi', '/s/typing-study?PROLIFIC_PID=on-a-phone'));
    await visible(page.getByRole('heading', { name: 'This device cannot be used for this study', level: 1 }));
    await visible(page.getByRole('alert').getByText('It needs a keyboard'));
    await context.close();
    expect(await startedCount(fx, owner.cookie, 'Typing study')).toBe(0);
  }, 60_000);

  it('lets a participant on a phone not agree: they are told they take no part, and the study counts none', async () => {
    const owner = await createAccountByApi(fx, 'Nina', 'Nej');
    await openStudyByApi(fx, owner.cookie, {
      slug: 'consent-declined',
      name: 'Declined study',
      games: [{ game: 'QuizTime' }],
      participantParam: 'PROLIFIC_PID',
      consentMarkdown: 'You agree that your answers are kept for research.',
      declineRedirect: 'https://app.prolific.com/submissions/complete?cc=NOCONSENT',
    });
    const { context, page } = await fx.page({ width: 320, height: 640, touch: true });
    await page.goto(fx.server.url('delphi', '/s/consent-declined?PROLIFIC_PID=says-no'));
    await visible(page.getByText('kept for research'));
    await page.getByRole('button', { name: 'I do not agree' }).tap();
    await visible(page.getByRole('heading', { name: 'You are not taking part', level: 1 }));
    await visible(page.getByRole('status').getByText(/nothing about you has been kept/));
    // The study's way back to Prolific for those who do not agree.
    expect(await page.getByRole('link', { name: 'Return to Prolific' }).getAttribute('href')).toBe('https://app.prolific.com/submissions/complete?cc=NOCONSENT');
    await context.close();
    expect(await startedCount(fx, owner.cookie, 'Declined study')).toBe(0);
  }, 60_000);
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { delphi, errorBody } from '@chi/contract';
import { renderApp } from '../../../test/render';
import { appModule } from '../routes';
import { leave } from './study-end';
import { type Answer, bodiesOf, COMPLETION, CONSENT, DECLINE, ENTER, finishedSuite, resetStudyLink, SLOW, stubServer, study, suite, touchOnly } from './study-link-fixtures';
import { LANGUAGE_STORAGE_KEY } from '../../../shell/i18n/language';

beforeEach(resetStudyLink);

describe('a study link', () => {
  it("enters the study with the link's parameters and shows the hub with the study's games only, in the participant's order", async () => {
    const fetchMock = stubServer({ [ENTER]: [{ status: 200, body: { suite: suite(), study: study(), resumed: false } }] });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1&STUDY_ID=st1' });
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, ENTER)[0]).toMatchObject({ study: 'panel', params: { PROLIFIC_PID: 'pid-1', STUDY_ID: 'st1' } });
    const cards = screen.getAllByRole('article');
    expect(cards).toEqual([screen.getByRole('article', { name: 'Mime Mix' }), screen.getByRole('article', { name: 'Quiz Time' })]);
    expect(screen.queryByRole('article', { name: 'Flash Match' })).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('chi.delphi.session') ?? '{}')).toMatchObject({
      participantId: 'pid-1',
      suiteId: 'S9',
      study: { slug: 'panel', params: { PROLIFIC_PID: 'pid-1', STUDY_ID: 'st1' } },
    });
    // The hub asks for the suite again by the study link, never by the default study's call.
    expect(bodiesOf(fetchMock, '/Suite/action/initLocalSuite')).toHaveLength(0);
  });

  it('shows the consent first, records the agreement of its version, then the hub', async () => {
    const consent = { consentMarkdown: '# Consent\n\nI take part **freely**.', consentVersion: 2 };
    const fetchMock = stubServer({
      [ENTER]: [
        { status: 200, body: { suite: suite(), study: study(consent), resumed: false } },
        { status: 200, body: { suite: suite(), study: study({ ...consent, acceptedConsentVersion: 2 }), resumed: true } },
      ],
      [CONSENT]: [{ status: 200, body: { consentVersion: 2, consentAt: '2026-11-26T15:00:00.000Z' } }],
    });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Before you start' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('freely', {}, SLOW)).toBeInTheDocument();
    // The text's `#` heading sits under the page's h1: it is an h2, and the page has one h1.
    expect(screen.getByRole('heading', { level: 2, name: 'Consent' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Your games' })).toBeNull();
    // Until the participant agrees, the tab holds no participant: '/' cannot show the hub around the consent.
    expect(sessionStorage.getItem('chi.delphi.session')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, CONSENT)).toEqual([{ participant: 'pid-1', suite: 'S9', consentVersion: 2, language: 'en' }]);
  });

  it('lets a participant not agree: says so and what was kept, keeps no participant, and keeps the consent on screen when the answer fails', async () => {
    const consent = { consentMarkdown: 'I take part freely.', consentVersion: 1 };
    const fetchMock = stubServer({
      [ENTER]: [{ status: 200, body: { suite: suite(), study: study(consent), resumed: false } }],
      [DECLINE]: [
        { status: 500, body: { Error: { name: 'Error', message: 'Internal error', code: 500 } } },
        { status: 200, body: { removed: true, redirectUrl: 'https://app.prolific.com/submissions/complete?cc=NOCONSENT' } },
      ],
    });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByText('I take part freely.', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I do not agree' }));
    // Failed: the consent stays, with the reason, for another try.
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Your answer could not be sent.');
    expect(screen.getByText('I take part freely.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I do not agree' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not taking part' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('nothing about you has been kept');
    // The study's link for those who do not agree: the way back to the panel.
    expect(screen.getByRole('link', { name: 'Return to Prolific' })).toHaveAttribute('href', 'https://app.prolific.com/submissions/complete?cc=NOCONSENT');
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
    expect(bodiesOf(fetchMock, DECLINE)).toEqual([
      { participant: 'pid-1', suite: 'S9' },
      { participant: 'pid-1', suite: 'S9' },
    ]);
    expect(bodiesOf(fetchMock, CONSENT)).toEqual([]);
    expect(sessionStorage.getItem('chi.delphi.session')).toBeNull();
  });

  it('tells one who agreed to an earlier text, and now does not, that what they recorded stays (in Danish too)', async () => {
    const consent = { consentMarkdown: 'New text.', consentVersion: 2, acceptedConsentVersion: 1, languages: ['dk' as const], defaultLanguage: 'dk' as const };
    stubServer({
      [ENTER]: [{ status: 200, body: { suite: suite(), study: study(consent), resumed: true } }],
      [DECLINE]: [{ status: 200, body: { removed: false, redirectUrl: null } }],
    });
    // The study speaks Danish only: its pages are in Danish whatever the browser's language.
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Jeg accepterer ikke' }, SLOW));
    expect(await screen.findByRole('heading', { level: 1, name: 'Du deltager ikke' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Det, du har registreret før, bliver hos forskerne');
    // No link of the study's: the text tells them to return the study on the panel.
    expect(screen.queryByRole('link', { name: /Tilbage til/ })).toBeNull();
  });

  it('shows the new consent text when it changed while the participant read the old one', async () => {
    stubServer({
      [ENTER]: [
        { status: 200, body: { suite: suite(), study: study({ consentMarkdown: 'Old text.', consentVersion: 1 }), resumed: false } },
        { status: 200, body: { suite: suite(), study: study({ consentMarkdown: 'New text.', consentVersion: 2 }), resumed: true } },
      ],
      [CONSENT]: [{ status: 409, body: errorBody(delphi.STUDY_RUN_ERRORS.consentChanged) }],
    });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByText('Old text.', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByText('New text.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The consent text has changed since you opened it.');
  });

  it('says the study is full, in English and in Danish, and keeps no participant in the tab', async () => {
    stubServer({ [ENTER]: [{ status: 409, body: errorBody(delphi.STUDY_ERRORS.full) }] });
    const { unmount } = renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { name: 'This study is full' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Enough people have already taken part');
    expect(sessionStorage.getItem('chi.delphi.session')).toBeNull();
    unmount();
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1', language: 'dk' });
    expect(await screen.findByRole('heading', { name: 'Undersøgelsen er fuld' }, SLOW)).toBeInTheDocument();
  });

  it('tells apart an unknown study, a study not open and a link without its participant id', async () => {
    const cases: [Answer, string][] = [
      [{ status: 404, body: errorBody(delphi.STUDY_ERRORS.studyNotFound) }, 'No such study'],
      [{ status: 409, body: errorBody(delphi.STUDY_ERRORS.notOpen) }, 'This study is not open'],
      [{ status: 400, body: errorBody({ name: 'Validation Error', message: 'This study link has no PROLIFIC_PID: open it from the link the study gave you.', code: 400 }) }, 'This study link is incomplete'],
    ];
    for (const [answer, heading] of cases) {
      stubServer({ [ENTER]: [answer] });
      const { unmount } = renderApp(appModule, { path: '/s/panel' });
      expect(await screen.findByRole('heading', { name: heading }, SLOW)).toBeInTheDocument();
      unmount();
    }
  });

  it('tells a touch-only device that the study needs a keyboard, before any consent, and keeps no participant in the tab', async () => {
    touchOnly();
    const devices = { phoneAllowed: true, keyboardNeeded: true, microphoneNeeded: true };
    const refused = { deviceProblems: ['keyboard', 'microphone'], study: study({ devices, consentMarkdown: 'I agree.', consentVersion: 1 }) };
    const fetchMock = stubServer({ [ENTER]: [{ status: 200, body: refused }] });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This device cannot be used for this study' }, SLOW)).toBeInTheDocument();
    // The server decides from what the page knows of its device (it makes no suite for it); jsdom's screen is 0 px wide: a phone.
    expect(bodiesOf(fetchMock, ENTER)).toEqual([expect.objectContaining({ device: { touchOnly: true, phone: true, microphone: false } })]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('It needs a keyboard');
    // jsdom has no navigator.mediaDevices: no microphone the study could use.
    expect(alert).toHaveTextContent('It needs a microphone');
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
    expect(sessionStorage.getItem('chi.delphi.session')).toBeNull();
    // Nothing in the header invites a participant away: no Log in.
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('lets a device with a mouse in: a keyboard is needed and the pointer is fine', async () => {
    const devices = { phoneAllowed: false, keyboardNeeded: true, microphoneNeeded: false };
    const fetchMock = stubServer({ [ENTER]: [{ status: 200, body: { suite: suite(), study: study({ devices }), resumed: false } }] });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
    // The link's entry says what the device is; the hub's own re-entry after it (this tab's suite) asks nothing of it.
    // The re-entry may still be on its way when the hub's heading shows (a loaded CI machine).
    await vi.waitFor(() => expect(bodiesOf(fetchMock, ENTER)).toHaveLength(2), { timeout: 5000 });
    const [entry, reentry] = bodiesOf(fetchMock, ENTER);
    expect(entry).toEqual(expect.objectContaining({ device: { touchOnly: false, phone: false, microphone: false } }));
    expect(reentry).not.toHaveProperty('device');
  });

  it("shows the end page once the games ended, and sends the participant to the panel's link (with a link to go at once)", async () => {
    const away = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    const redirectUrl = 'https://app.prolific.com/submissions/complete?cc=C0DE';
    const fetchMock = stubServer({
      [ENTER]: [{ status: 200, body: { suite: finishedSuite(), study: study(), resumed: true } }],
      [COMPLETION]: [{ status: 200, body: { completed: true, endPageMarkdown: '', endPageTranslations: {}, redirectUrl } }],
    });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for taking part' }, SLOW)).toBeInTheDocument();
    const back = await screen.findByRole('link', { name: 'Return to Prolific' }, SLOW);
    expect(back).toHaveAttribute('href', redirectUrl);
    expect(screen.getByText(/You have completed the study/)).toBeInTheDocument();
    expect(screen.getByText(/Taking you back to Prolific in \d seconds?/)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, COMPLETION)).toEqual([{ participant: 'pid-1', suite: 'S9' }]);
    await vi.waitFor(() => expect(away).toHaveBeenCalledWith(redirectUrl), { timeout: 7000 });
    away.mockRestore();
  }, 10_000);

  it("shows the study's own end page in its default language (Danish), headings under the page's h1", async () => {
    vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    stubServer({
      [ENTER]: [{ status: 200, body: { suite: finishedSuite(), study: study({ languages: ['dk'], defaultLanguage: 'dk' }), resumed: true } }],
      [COMPLETION]: [{ status: 200, body: { completed: true, endPageMarkdown: '# Tak\n\nDu er færdig.', endPageTranslations: {}, redirectUrl: null } }],
    });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tak fordi du deltog' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tak' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Du kan lukke siden nu.')).toBeInTheDocument();
    // One language offered: no switch to another.
    expect(screen.queryByRole('combobox', { name: /Sprog|Language/ })).toBeNull();
  });

  it("shows the consent in the participant's language where the study has its own text, and records that language with the agreement (ADR 079)", async () => {
    // The participant chose Danish before; the study offers both and defaults to English.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'dk');
    const texts = {
      languages: ['en' as const, 'dk' as const],
      consentMarkdown: 'I take part freely.',
      consentTranslations: { dk: 'Jeg deltager frivilligt.' },
      consentVersion: 1,
    };
    const fetchMock = stubServer({
      [ENTER]: [
        { status: 200, body: { suite: suite(), study: study(texts), resumed: false } },
        { status: 200, body: { suite: suite(), study: study({ ...texts, acceptedConsentVersion: 1 }), resumed: true } },
      ],
      [CONSENT]: [{ status: 200, body: { consentVersion: 1, consentAt: '2026-11-28T10:00:00.000Z' } }],
    });
    try {
      renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
      expect(await screen.findByText('Jeg deltager frivilligt.', {}, SLOW)).toBeInTheDocument();
      expect(screen.queryByText('I take part freely.')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Jeg accepterer' }));
      expect(await screen.findByRole('heading', { name: 'Dine spil' }, SLOW)).toBeInTheDocument();
      // The agreement records which text was read.
      expect(bodiesOf(fetchMock, CONSENT)).toEqual([{ participant: 'pid-1', suite: 'S9', consentVersion: 1, language: 'dk' }]);
    } finally {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
  });

  it("shows the end page's own Danish text to a participant who reads the study in Danish", async () => {
    vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'dk');
    stubServer({
      [ENTER]: [{ status: 200, body: { suite: finishedSuite(), study: study({ languages: ['en', 'dk'] }), resumed: true } }],
      [COMPLETION]: [{ status: 200, body: { completed: true, endPageMarkdown: 'You are done.', endPageTranslations: { dk: 'Du er færdig.' }, redirectUrl: null } }],
    });
    try {
      renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
      expect(await screen.findByText('Du er færdig.', {}, SLOW)).toBeInTheDocument();
      expect(screen.queryByText('You are done.')).toBeNull();
    } finally {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
  });

  it('marks a preview: sends preview to the server (not as a panel parameter) and says so on the page', async () => {
    const fetchMock = stubServer({ [ENTER]: [{ status: 200, body: { suite: suite(), study: study(), resumed: false } }] });
    renderApp(appModule, { path: '/s/panel?participantId=r1&preview=1' });
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
    const body = bodiesOf(fetchMock, ENTER)[0] as { params: unknown };
    expect(body).toMatchObject({ study: 'panel', preview: true });
    expect(body.params).toEqual({ participantId: 'r1' });
    expect(screen.getByRole('note', { name: 'Preview' })).toHaveTextContent('Preview — your answers are marked as a preview and left out of the data.');
  });
});

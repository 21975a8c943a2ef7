import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderApp } from '../../test/render';
import { setSessionCheck, setSessionUser } from '../../shell/session/session-store';
import { appModule } from './routes';
import { enterSuite, reloadSuiteStore } from './suite/suite-store';
import { resetGameRuns } from './suite/game-run';

/** Lazy chunks can be slow to import on a busy machine. */
const SLOW = { timeout: 5000 };

function suite(played: delphi.GameName[] = []): delphi.Suite {
  return {
    _id: 'S1',
    _participantId: 'P1',
    _resumableGames: [],
    games: (['QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo'] as const).map((gameName) => ({
      gameName,
      state: played.includes(gameName) ? 'played' : 'toPlay',
      ended: played.includes(gameName),
      status: played.includes(gameName) ? 'completed' : null,
    })),
  };
}

function stubServer(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    const path = url.split('?')[0] ?? url;
    for (const [suffix, body] of Object.entries(routes)) if (path.endsWith(suffix)) return jsonResponse(200, body);
    return jsonResponse(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  sessionStorage.clear();
  reloadSuiteStore();
  resetGameRuns();
});

describe('entering the study', () => {
  it('a study link joins the suite and shows the hub with the six games', async () => {
    const fetchMock = stubServer({ '/Suite/action/initLocalSuite': { suite: suite() } });
    // The entry and the hub ask a moment apart in a browser; a busy test machine may take longer
    // than the cooldown to load the hub's chunk, so the wall clock stands still here.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    renderApp(appModule, { path: '/?participantId=P1' });
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
    clock.mockRestore();
    // Only what can still be played counts: Quiz Time (10), Flash Match (8), Word Links (10), Color Catch (7), Mime Mix (5) and Morning Memo (5).
    expect(screen.getByText('The games you can still play take about 45 minutes.')).toBeInTheDocument();
    const quiz = screen.getByRole('article', { name: 'Quiz Time' });
    expect(within(quiz).getByText('To play')).toBeInTheDocument();
    expect(within(quiz).getByRole('link', { name: 'Play Quiz Time' })).toHaveAttribute('href', '/QuizTime');
    const wordLinks = screen.getByRole('article', { name: 'Word Links' });
    expect(within(wordLinks).getByText('Optional')).toBeInTheDocument();
    expect(within(wordLinks).getByRole('link', { name: 'Play Word Links' })).toHaveAttribute('href', '/WordLinks');
    // All six games are built: no tile says one comes later.
    expect(screen.queryByText('Not available yet')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('chi.delphi.session') ?? '{}')).toMatchObject({ participantId: 'P1', suiteId: 'S1' });
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/initLocalSuite')) as unknown as [string, RequestInit] | undefined;
    const body = JSON.parse(String(call?.[1].body)) as { _participantId: string; browserKey: string };
    expect(body._participantId).toBe('P1');
    // The tab's own key goes with the init, so a retry after a lost answer is let back in (ADR 043).
    expect(body.browserKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionStorage.getItem('chi.delphi.browserKey.local:P1')).toBe(body.browserKey);
    // The entry and the hub ask within the cooldown: one request, one shared answer (SPEC §7).
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/initLocalSuite'))).toHaveLength(1);
  });

  it('a visit to /GamesUnavailable keeps the participant of this tab', async () => {
    stubServer({ '/Suite/action/initLocalSuite': { suite: suite() } });
    enterSuite({ participantId: 'P1', suiteId: 'S1', parentOrigin: null }, suite());
    renderApp(appModule, { path: '/GamesUnavailable' });
    expect(await screen.findByRole('heading', { name: 'The games are not available' }, SLOW)).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('chi.delphi.session') ?? '{}')).toMatchObject({ participantId: 'P1' });
    screen.getByRole('link', { name: 'About the study' }).click();
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
  });

  it('a game played to its end says Played, one left mid-way says it was interrupted, with no time left for either', async () => {
    const both = suite(['QuizTime', 'FlashMatch']);
    const flash = both.games.find((g) => g.gameName === 'FlashMatch');
    if (flash) flash.status = 'interrupted';
    stubServer({ '/Suite/action/initLocalSuite': { suite: both } });
    enterSuite({ participantId: 'P1', suiteId: 'S1', parentOrigin: null }, both);
    renderApp(appModule, { path: '/' });
    const card = await screen.findByRole('article', { name: 'Flash Match' }, SLOW);
    expect(within(card).getByText('Interrupted')).toBeInTheDocument();
    expect(within(card).getByText('This game was interrupted. Your answers so far are saved.')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Quiz Time' })).getByText('Played')).toBeInTheDocument();
    // Neither counts any more: Word Links (10), Color Catch (7), Mime Mix (5) and Morning Memo (5) are left.
    expect(screen.getByText('The games you can still play take about 27 minutes.')).toBeInTheDocument();
  });

  it('an invalid participant id leads to /GamesUnavailable, which explains how to join', async () => {
    stubServer({});
    renderApp(appModule, { path: '/?participantId=not%20valid!' });
    expect(await screen.findByRole('heading', { name: 'The games are not available' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/GamesUnavailable');
    expect(screen.getByText(/personal study link/)).toBeInTheDocument();
  });

  it('a played game shows "Played" and cannot be started', async () => {
    stubServer({ '/Suite/action/initLocalSuite': { suite: suite(['QuizTime']) } });
    enterSuite({ participantId: 'P1', suiteId: 'S1', parentOrigin: null }, suite(['QuizTime']));
    renderApp(appModule, { path: '/' });
    const quiz = await screen.findByRole('article', { name: 'Quiz Time' }, SLOW);
    expect(within(quiz).getByText('Played')).toBeInTheDocument();
    expect(within(quiz).queryByRole('link')).toBeNull();
  });
});

describe('Quiz Time welcome', () => {
  it('says "Error loading suite" and offers no start without a suite', async () => {
    stubServer({});
    renderApp(appModule, { path: '/QuizTime' });
    expect(await screen.findByText('Error loading suite', {}, SLOW)).toBeInTheDocument();
    // And how to go on: a game's address opened in a new tab has no study in it.
    expect(screen.getByRole('alert')).toHaveTextContent(/open the personal study link from your invitation again/);
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toBeInTheDocument();
  });

  it('Morning Memo and Word Links say the same instead of a start that does nothing', async () => {
    stubServer({});
    const { unmount } = renderApp(appModule, { path: '/MorningMemo' });
    expect(await screen.findByText('Error loading suite', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /start/i })).toBeNull();
    unmount();
    renderApp(appModule, { path: '/WordLinks', language: 'dk' });
    expect(await screen.findByText('Fejl ved indlæsning af undersøgelsen', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Åbn det personlige undersøgelseslink fra din invitation igen/)).toBeInTheDocument();
  });

  it('speaks Danish from the lazily added game texts', async () => {
    stubServer({});
    renderApp(appModule, { path: '/QuizTime', language: 'dk' });
    expect(await screen.findByText('Fejl ved indlæsning af undersøgelsen', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Besvar 30 spørgsmål/)).toBeInTheDocument();
  });

  it('a played game is never offered again', async () => {
    stubServer({ '/Suite/action/initLocalSuite': { suite: suite(['QuizTime']) } });
    enterSuite({ participantId: 'P1', suiteId: 'S1', parentOrigin: null }, suite(['QuizTime']));
    renderApp(appModule, { path: '/QuizTime/Game' });
    expect(await screen.findByText('This game has already been played.', {}, SLOW)).toBeInTheDocument();
  });
});

describe('one play per game', () => {
  it('a start the server refuses (409, played in another tab) shows that the game has been played', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
      if (url.endsWith('/Game/action/startGame')) {
        return jsonResponse(409, { Error: { name: 'Game Error', message: 'This game has already been played.', code: 409 } });
      }
      // Session events (the step entered, ADR 026) go through the same outbox, before the start.
      if (url.endsWith('/Event/action/logEvent')) return jsonResponse(200, { _id: 'E1', duplicate: false });
      return jsonResponse(200, { suite: suite() });
    });
    vi.stubGlobal('fetch', fetchMock);
    enterSuite({ participantId: 'P7', suiteId: 'S7', parentOrigin: null }, suite());
    renderApp(appModule, { path: '/QuizTime' });
    (await screen.findByRole('button', { name: 'Start' }, SLOW)).click();
    expect(await screen.findByText('This game has already been played.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('group')).toBeNull();
    expect(localStorage.getItem('chi.delphi.outbox.P7.S7')).toContain('"dead":[{');
  });
});

describe('Word Links', () => {
  it("says a refused word in the page's language (the server says it in English, as it is logged)", async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
      if (url.includes('checkWordLinksWord')) return jsonResponse(200, { accepted: false, word: 'Paris', reason: 'proper', message: 'Write a noun that you have not written before. Proper nouns are not allowed.' });
      return jsonResponse(200, { suite: suite() });
    }));
    enterSuite({ participantId: 'P8', suiteId: 'S8', parentOrigin: null }, suite());
    renderApp(appModule, { path: '/WordLinks', language: 'dk' });
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }, SLOW));
    const field = await screen.findByRole('textbox', { name: 'Dit ord 1 af 5' }, SLOW);
    fireEvent.change(field, { target: { value: 'Paris' } });
    const add = screen.getByRole('button', { name: 'Tilføj ord' });
    await waitFor(() => expect(add).toBeEnabled(), SLOW);
    fireEvent.click(add);
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Skriv et navneord, som du ikke har skrevet før. Egennavne er ikke tilladt.');
    expect(field).toHaveAccessibleDescription('Skriv et navneord, som du ikke har skrevet før. Egennavne er ikke tilladt.');
  });
});

describe('/Data', () => {
  it('tells a logged-in user without the admin flag that a study they are not on is not for them', async () => {
    stubServer({ '/Study/action/list': { studies: [] } });
    setSessionUser({ name: 'Ada', '©isDevOp': false, '©isAppAdmin': false });
    setSessionCheck('known');
    renderApp(appModule, { path: '/Data?study=default' });
    expect(await screen.findByText(/does not have access/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('No participants yet.')).toBeNull();
  });

  it('says so when the list of studies cannot be loaded, rather than that the user has none', async () => {
    stubServer({});
    setSessionUser({ name: 'Ada', '©isDevOp': false, '©isAppAdmin': false });
    setSessionCheck('known');
    renderApp(appModule, { path: '/Data' });
    expect(await screen.findByText(/Your studies could not be loaded/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/not on any study/)).toBeNull();
  });

  it('shows empty states for an administrator of a new study', async () => {
    stubServer({ '/Participant/action/list': { participants: [], total: 0 }, '/File/action/list': { files: [] } });
    setSessionUser({ name: 'Root', '©isDevOp': false, '©isAppAdmin': true });
    setSessionCheck('known');
    renderApp(appModule, { path: '/Data' });
    expect(await screen.findByText('No participants yet.', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(/No exports yet/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate CSV' })).toBeInTheDocument();
  });

  it('opens a study for a member of its team who is no administrator, and every call names the study', async () => {
    const alpha = { id: 'st-1', slug: 'alpha', name: 'Alpha', status: 'open', version: 1, targetSample: null, access: 'review', updatedAt: '2026-11-26T10:00:00.000Z', started: 1, completed: 0, excluded: 0, lastActivity: null };
    const fetchMock = stubServer({ '/Study/action/list': { studies: [alpha] }, '/Participant/action/list': { participants: [], total: 0 }, '/File/action/list': { files: [] } });
    setSessionUser({ name: 'Ada', '©isDevOp': false, '©isAppAdmin': false });
    setSessionCheck('known');
    renderApp(appModule, { path: '/Data?study=st-1' });
    expect(await screen.findByText('No participants yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByDisplayValue('Alpha (alpha)')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Include preview and pilot runs/ })).not.toBeChecked();
    const listed = fetchMock.mock.calls.find(([url]) => String(url).includes('/Participant/action/list')) as unknown as [string, RequestInit] | undefined;
    expect(JSON.parse(String(listed?.[1].body))).toMatchObject({ study: 'st-1', runs: 'live' });
    expect(screen.queryByText(/does not have access/)).toBeNull();
  });

  it('says that no participant matches a filter, not that there are none', async () => {
    stubServer({ '/Participant/action/list': { participants: [], total: 0 }, '/File/action/list': { files: [] } });
    setSessionUser({ name: 'Root', '©isDevOp': false, '©isAppAdmin': true });
    setSessionCheck('known');
    renderApp(appModule, { path: '/Data' });
    const filter = await screen.findByLabelText('Filter by participant id', {}, SLOW);
    fireEvent.change(filter, { target: { value: 'nobody-42' } });
    expect(await screen.findByText('No participant matches “nobody-42”.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('No participants yet.')).toBeNull();
  });
});

describe('inside a study frame', () => {
  it('takes the parent origin from the referrer only when framed', async () => {
    const { parentOriginOf } = await import('./suite/suite-entry');
    const framed = { parent: {}, document: { referrer: 'https://study.example/page?x=1' } } as unknown as Window;
    expect(parentOriginOf(framed)).toBe('https://study.example');
    const top = { document: { referrer: 'https://study.example/' } } as unknown as Window & { parent: unknown };
    top.parent = top;
    expect(parentOriginOf(top)).toBeNull();
  });
});

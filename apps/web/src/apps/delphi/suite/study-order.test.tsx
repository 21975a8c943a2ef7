/**
 * A study link's order of games on the hub (ADR 071, 073): only the next game opens, an optional
 * one may be passed over, a study of optional games only is played, and an optional game left after
 * the required ones is offered before the end.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { delphi } from '@chi/contract';
import { renderApp } from '../../../test/render';
import { appModule } from '../routes';
import { leave } from './study-end';
import { COMPLETION, ENTER, QUIZ_THEN_OPTIONAL, SLOW, bodiesOf, quizPlayed, resetStudyLink, stubServer, study, suite } from './study-link-fixtures';

beforeEach(resetStudyLink);

describe("a study link's order", () => {
  it("opens only the next game of the participant's order, with the study's own optional marks, and never says 'in any order'", async () => {
    const games = [{ game: 'MimeMix', settings: { optional: true } }, { game: 'QuizTime', settings: {} }];
    stubServer({ [ENTER]: [{ status: 200, body: { suite: suite(), study: study({ games: games as delphi.ParticipantStudy['games'] }), resumed: false } }] });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/in any order/)).toBeNull();
    expect(screen.getByText(/one after the other, in the order shown/)).toBeInTheDocument();
    const mime = screen.getByRole('article', { name: 'Mime Mix' });
    const quiz = screen.getByRole('article', { name: 'Quiz Time' });
    // Mime Mix is optional in this study: it may be passed over, so Quiz Time opens as well.
    expect(mime).toHaveTextContent('Optional');
    expect(quiz).not.toHaveTextContent('Optional');
    expect(screen.getByRole('link', { name: 'Play Mime Mix' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Quiz Time' })).toBeInTheDocument();
  });

  it('offers a study of optional games only: its games to play, not the end page before any was played', async () => {
    const games = [{ game: 'WordLinks', settings: { optional: true } }];
    const only: delphi.Suite = { ...suite(), _resumableGames: ['WordLinks'], games: [{ gameName: 'WordLinks', state: 'toPlay', ended: false, status: null }] };
    const fetchMock = stubServer({ [ENTER]: [{ status: 200, body: { suite: only, study: study({ games: games as delphi.ParticipantStudy['games'] }), resumed: false } }] });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Word Links' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank you for taking part' })).toBeNull();
    expect(bodiesOf(fetchMock, COMPLETION)).toEqual([]);
  });

  it('offers an optional game left after the required ones before the end page', async () => {
    stubServer({ [ENTER]: [{ status: 200, body: { suite: quizPlayed(), study: study({ games: QUIZ_THEN_OPTIONAL }), resumed: true } }] });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { name: 'Your games' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Word Links' })).toBeInTheDocument();
    expect(screen.getByText(/Optional games are left: play each one, or open it and skip it/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank you for taking part' })).toBeNull();
  });

  it('ends once that optional game was skipped', async () => {
    vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    const played = quizPlayed();
    const skipped: delphi.Suite = { ...played, _resumableGames: [], games: [played.games[0]!, { gameName: 'WordLinks', state: 'played', ended: true, status: 'skipped', skipped: true }] };
    stubServer({
      [ENTER]: [{ status: 200, body: { suite: skipped, study: study({ games: QUIZ_THEN_OPTIONAL }), resumed: true } }],
      [COMPLETION]: [{ status: 200, body: { completed: true, endPageMarkdown: '', endPageTranslations: {}, redirectUrl: null } }],
    });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for taking part' }, SLOW)).toBeInTheDocument();
  });

  it('keeps a game after a required one waiting until the one before it ended', async () => {
    stubServer({ [ENTER]: [{ status: 200, body: { suite: suite(), study: study(), resumed: false } }] });
    renderApp(appModule, { path: '/s/panel?PROLIFIC_PID=pid-1' });
    const quiz = await screen.findByRole('article', { name: 'Quiz Time' }, SLOW);
    expect(screen.getByRole('link', { name: 'Play Mime Mix' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Play Quiz Time' })).toBeNull();
    expect(quiz).toHaveTextContent('Later');
    expect(quiz).toHaveTextContent('Opens when you have played the game before it.');
  });
});

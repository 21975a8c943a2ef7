import { describe, expect, it, vi } from 'vitest';
import { delphi } from '@chi/contract';
import type { AppRoute } from '../../../shell/routing/app-module';
import { appModule } from '../routes';
import { DELPHI_GAMES, type UnlistedGame } from './delphi-games';

/** name, path and login of every route, children indented: what the e2e tests and links navigate by. */
function tree(routes: readonly AppRoute[], indent = ''): string[] {
  return routes.flatMap((route) => [
    `${indent}${route.name} ${route.path}${route.requiresLogin ? ' (login)' : ''}`,
    ...tree(route.children ?? [], `${indent}  `),
  ]);
}

describe('the suite’s one list of games (ADR 069)', () => {
  it('lists every game the contract declares, once', () => {
    // A declared game without an entry does not compile here.
    const everyGameListed: [UnlistedGame] extends [never] ? true : UnlistedGame = true;
    expect(everyGameListed).toBe(true);
    expect(DELPHI_GAMES.map((game) => game.name).sort()).toEqual([...delphi.GAME_NAMES].sort());
  });

  it('gives the app the same routes, names, paths and logins as before each game brought its own (games in the hub’s order)', () => {
    expect(tree(appModule.routes)).toEqual([
      'data /Data (login)',
      // The researcher's studies (issue 26 item 7).
      'studies /Studies (login)',
      'studyAdmin /Studies/:id (login)',
      'gamesUnavailable /GamesUnavailable',
      // A study link's page (issue 26, ADR 073).
      'study /s/:slug',
      'quizTime /QuizTime',
      '  quizTimeWelcome ',
      '  quizTimeGame Game',
      '  quizTimeFeedback Feedback',
      'flashMatch /FlashMatch',
      '  flashMatchWelcome ',
      '  flashMatchSearchIntro SearchIntro',
      '  flashMatchSearch Search',
      '  flashMatchSearchBreak SearchBreak',
      '  flashMatchSearchEnd SearchEnd',
      '  flashMatchComparisonIntro ComparisonIntro',
      '  flashMatchComparison Comparison',
      '  flashMatchComparisonBreak ComparisonBreak',
      '  flashMatchFeedback Feedback',
      'wordLinks /WordLinks',
      '  wordLinksIntro ',
      '  wordLinksLevel1 level1/:round',
      '  wordLinksLevel2 level2/:round',
      '  wordLinksLevel1Results level1/round/:round/results',
      '  wordLinksResults level2/round/:round/results',
      '  wordLinksFeedback Feedback',
      'colorCatch /ColorCatch',
      '  colorCatchWelcome ',
      '  colorCatchTutorial Tutorial',
      '  colorCatchGame Game',
      '  colorCatchDone Done',
      'mimeMix /MimeMix',
      '  mimeMixWelcome ',
      '  mimeMixTutorialInfo2 TutorialInfo2',
      '  mimeMixGameStart GameStart',
      '  mimeMixGame Game',
      '  mimeMixGameEnd GameEnd',
      'mimeMixStimuli /Data/MimeMixStimuli (login)',
      'morningMemo /MorningMemo',
      '  morningMemoWelcome ',
      '  morningMemoTest Test',
      '  morningMemoBackgroundNoise BackgroundNoise',
      '  morningMemoTalk Talk',
      '  morningMemoAffectGrid AffectGrid',
      '  morningMemoAffectGridExamples AffectGridExamples',
      '  morningMemoHowDoYouFeel HowDoYouFeel',
      '  morningMemoFeedback Feedback',
    ]);
  });

  it('loads none of a game’s screens until its chunk is asked for', async () => {
    // A fresh copy of the app's routes and the list, as a page load has: other test files in this
    // worker share the module graph (isolate: false) and may have loaded a chunk in theirs.
    vi.resetModules();
    await import('../routes');
    const fresh = await import('./delphi-games');
    for (const game of fresh.DELPHI_GAMES) expect(game.chunk.loaded()).toBeUndefined();
  });
});

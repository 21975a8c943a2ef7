/**
 * Chunk `chi-delphi`: the cognitive-games study suite. Paths are capitalised as in SPEC §2
 * (`/Data`, `/FlashMatch`…); route names are decapitalised (`data`, `flashMatch`…). Every
 * game screen and the data page are lazy chunks (ADR 004): the home chunk carries the entry
 * and the hub only.
 */
import type { AppModule } from '../../shell/routing/app-module';
import { lazyPage } from '../../ui/lazy-page';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { DelphiHome } from './home';
import { DelphiLayout } from './suite/delphi-layout';
import { useParticipantChrome } from './suite/participant-chrome';

const dkChecked: typeof en = dk;

const quiz = () => import('./games/quiz-time/quiz-routes');
const flash = () => import('./games/flash-match/flash-routes');
const memo = () => import('./games/morning-memo/memo-routes');
const wordLinks = () => import('./games/word-links/word-links-routes');
const colorCatch = () => import('./games/color-catch/color-catch-routes');
const mime = () => import('./games/mime-mix/mime-routes');

export const appModule: AppModule = {
  id: 'delphi',
  Home: DelphiHome,
  Layout: DelphiLayout,
  routes: [
    { name: 'data', path: '/Data', Component: lazyPage(() => import('./research-data/data-page').then((m) => m.DataPage)), requiresLogin: true },
    {
      name: 'gamesUnavailable',
      path: '/GamesUnavailable',
      Component: lazyPage(() => import('./suite/games-unavailable').then((m) => m.GamesUnavailable)),
    },
    {
      name: 'quizTime',
      path: '/QuizTime',
      Component: lazyPage(() => quiz().then((m) => m.QuizLayout)),
      children: [
        { name: 'quizTimeWelcome', path: '', Component: lazyPage(() => quiz().then((m) => m.QuizWelcome)) },
        { name: 'quizTimeGame', path: 'Game', Component: lazyPage(() => quiz().then((m) => m.QuizGame)) },
        { name: 'quizTimeFeedback', path: 'Feedback', Component: lazyPage(() => quiz().then((m) => m.QuizFeedback)) },
      ],
    },
    {
      name: 'flashMatch',
      path: '/FlashMatch',
      Component: lazyPage(() => flash().then((m) => m.FlashLayout)),
      children: [
        { name: 'flashMatchWelcome', path: '', Component: lazyPage(() => flash().then((m) => m.FlashWelcome)) },
        { name: 'flashMatchSearchIntro', path: 'SearchIntro', Component: lazyPage(() => flash().then((m) => m.FlashSearchIntro)) },
        { name: 'flashMatchSearch', path: 'Search', Component: lazyPage(() => flash().then((m) => m.FlashSearch)) },
        { name: 'flashMatchSearchBreak', path: 'SearchBreak', Component: lazyPage(() => flash().then((m) => m.FlashSearchBreak)) },
        { name: 'flashMatchSearchEnd', path: 'SearchEnd', Component: lazyPage(() => flash().then((m) => m.FlashSearchEnd)) },
        { name: 'flashMatchComparisonIntro', path: 'ComparisonIntro', Component: lazyPage(() => flash().then((m) => m.FlashComparisonIntro)) },
        { name: 'flashMatchComparison', path: 'Comparison', Component: lazyPage(() => flash().then((m) => m.FlashComparison)) },
        { name: 'flashMatchComparisonBreak', path: 'ComparisonBreak', Component: lazyPage(() => flash().then((m) => m.FlashComparisonBreak)) },
        { name: 'flashMatchFeedback', path: 'Feedback', Component: lazyPage(() => flash().then((m) => m.FlashFeedback)) },
      ],
    },
    {
      name: 'morningMemo',
      path: '/MorningMemo',
      Component: lazyPage(() => memo().then((m) => m.MemoLayout)),
      children: [
        { name: 'morningMemoWelcome', path: '', Component: lazyPage(() => memo().then((m) => m.MemoWelcome)) },
        { name: 'morningMemoTest', path: 'Test', Component: lazyPage(() => memo().then((m) => m.MemoTest)) },
        { name: 'morningMemoBackgroundNoise', path: 'BackgroundNoise', Component: lazyPage(() => memo().then((m) => m.MemoBackgroundNoise)) },
        { name: 'morningMemoTalk', path: 'Talk', Component: lazyPage(() => memo().then((m) => m.MemoTalk)) },
        { name: 'morningMemoAffectGrid', path: 'AffectGrid', Component: lazyPage(() => memo().then((m) => m.MemoAffectGrid)) },
        { name: 'morningMemoAffectGridExamples', path: 'AffectGridExamples', Component: lazyPage(() => memo().then((m) => m.MemoAffectGridExamples)) },
        { name: 'morningMemoHowDoYouFeel', path: 'HowDoYouFeel', Component: lazyPage(() => memo().then((m) => m.MemoHowDoYouFeel)) },
        { name: 'morningMemoFeedback', path: 'Feedback', Component: lazyPage(() => memo().then((m) => m.MemoFeedback)) },
      ],
    },
    {
      name: 'wordLinks',
      path: '/WordLinks',
      Component: lazyPage(() => wordLinks().then((m) => m.WordLinksLayout)),
      children: [
        { name: 'wordLinksIntro', path: '', Component: lazyPage(() => wordLinks().then((m) => m.WordLinksIntro)) },
        { name: 'wordLinksLevel1', path: 'level1/:round', Component: lazyPage(() => wordLinks().then((m) => m.WordLinksLevel1Round)) },
        { name: 'wordLinksLevel2', path: 'level2/:round', Component: lazyPage(() => wordLinks().then((m) => m.WordLinksLevel2Round)) },
        { name: 'wordLinksLevel1Results', path: 'level1/round/:round/results', Component: lazyPage(() => wordLinks().then((m) => m.WordLinksLevel1Results)) },
        { name: 'wordLinksResults', path: 'level2/round/:round/results', Component: lazyPage(() => wordLinks().then((m) => m.WordLinksRoundResults)) },
        { name: 'wordLinksFeedback', path: 'Feedback', Component: lazyPage(() => wordLinks().then((m) => m.WordLinksFeedback)) },
      ],
    },
    {
      name: 'colorCatch',
      path: '/ColorCatch',
      Component: lazyPage(() => colorCatch().then((m) => m.ColorCatchLayout)),
      children: [
        { name: 'colorCatchWelcome', path: '', Component: lazyPage(() => colorCatch().then((m) => m.ColorWelcome)) },
        { name: 'colorCatchTutorial', path: 'Tutorial', Component: lazyPage(() => colorCatch().then((m) => m.ColorTutorial)) },
        { name: 'colorCatchGame', path: 'Game', Component: lazyPage(() => colorCatch().then((m) => m.ColorGame)) },
        { name: 'colorCatchDone', path: 'Done', Component: lazyPage(() => colorCatch().then((m) => m.ColorDone)) },
      ],
    },
    {
      name: 'mimeMix',
      path: '/MimeMix',
      Component: lazyPage(() => mime().then((m) => m.MimeLayout)),
      children: [
        { name: 'mimeMixWelcome', path: '', Component: lazyPage(() => mime().then((m) => m.MimeWelcome)) },
        { name: 'mimeMixTutorialInfo2', path: 'TutorialInfo2', Component: lazyPage(() => mime().then((m) => m.MimeTutorialInfo)) },
        { name: 'mimeMixGameStart', path: 'GameStart', Component: lazyPage(() => mime().then((m) => m.MimeGameStart)) },
        { name: 'mimeMixGame', path: 'Game', Component: lazyPage(() => mime().then((m) => m.MimeGame)) },
        { name: 'mimeMixGameEnd', path: 'GameEnd', Component: lazyPage(() => mime().then((m) => m.MimeGameEnd)) },
      ],
    },
    {
      name: 'mimeMixStimuli',
      path: '/Data/MimeMixStimuli',
      Component: lazyPage(() => import('./games/mime-mix/stimulus-sheet').then((m) => m.MimeStimulusSheet)),
      requiresLogin: true,
    },
  ],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'delphi' }) },
    { to: '/Data', label: (t) => t('nav.data', { ns: 'delphi' }) },
  ],
  useHeaderChrome: useParticipantChrome,
  resources: { en, dk: dkChecked },
};

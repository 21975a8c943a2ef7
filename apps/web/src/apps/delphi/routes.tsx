/**
 * Chunk `chi-delphi`: the cognitive-games study suite. Paths are capitalised as in SPEC §2
 * (`/Data`, `/FlashMatch`…); route names are decapitalised (`data`, `flashMatch`…). Every
 * game screen and the data page are lazy chunks (ADR 004): the home chunk carries the entry
 * and the hub only.
 */
import type { AppModule } from '../../shell/routing/app-module';
import { chunkPage, lazyPage } from '../../ui/lazy-page';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { DelphiHome } from './home';
import { DelphiLayout } from './suite/delphi-layout';
import { useParticipantChrome } from './suite/participant-chrome';
import { colorCatchChunk as colorCatch, flashChunk as flash, memoChunk as memo, mimeChunk as mime, quizChunk as quiz, wordLinksChunk as wordLinks } from './suite/game-chunks';

const dkChecked: typeof en = dk;


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
      Component: chunkPage(quiz, (m) => m.QuizLayout),
      children: [
        { name: 'quizTimeWelcome', path: '', Component: chunkPage(quiz, (m) => m.QuizWelcome) },
        { name: 'quizTimeGame', path: 'Game', Component: chunkPage(quiz, (m) => m.QuizGame) },
        { name: 'quizTimeFeedback', path: 'Feedback', Component: chunkPage(quiz, (m) => m.QuizFeedback) },
      ],
    },
    {
      name: 'flashMatch',
      path: '/FlashMatch',
      Component: chunkPage(flash, (m) => m.FlashLayout),
      children: [
        { name: 'flashMatchWelcome', path: '', Component: chunkPage(flash, (m) => m.FlashWelcome) },
        { name: 'flashMatchSearchIntro', path: 'SearchIntro', Component: chunkPage(flash, (m) => m.FlashSearchIntro) },
        { name: 'flashMatchSearch', path: 'Search', Component: chunkPage(flash, (m) => m.FlashSearch) },
        { name: 'flashMatchSearchBreak', path: 'SearchBreak', Component: chunkPage(flash, (m) => m.FlashSearchBreak) },
        { name: 'flashMatchSearchEnd', path: 'SearchEnd', Component: chunkPage(flash, (m) => m.FlashSearchEnd) },
        { name: 'flashMatchComparisonIntro', path: 'ComparisonIntro', Component: chunkPage(flash, (m) => m.FlashComparisonIntro) },
        { name: 'flashMatchComparison', path: 'Comparison', Component: chunkPage(flash, (m) => m.FlashComparison) },
        { name: 'flashMatchComparisonBreak', path: 'ComparisonBreak', Component: chunkPage(flash, (m) => m.FlashComparisonBreak) },
        { name: 'flashMatchFeedback', path: 'Feedback', Component: chunkPage(flash, (m) => m.FlashFeedback) },
      ],
    },
    {
      name: 'morningMemo',
      path: '/MorningMemo',
      Component: chunkPage(memo, (m) => m.MemoLayout),
      children: [
        { name: 'morningMemoWelcome', path: '', Component: chunkPage(memo, (m) => m.MemoWelcome) },
        { name: 'morningMemoTest', path: 'Test', Component: chunkPage(memo, (m) => m.MemoTest) },
        { name: 'morningMemoBackgroundNoise', path: 'BackgroundNoise', Component: chunkPage(memo, (m) => m.MemoBackgroundNoise) },
        { name: 'morningMemoTalk', path: 'Talk', Component: chunkPage(memo, (m) => m.MemoTalk) },
        { name: 'morningMemoAffectGrid', path: 'AffectGrid', Component: chunkPage(memo, (m) => m.MemoAffectGrid) },
        { name: 'morningMemoAffectGridExamples', path: 'AffectGridExamples', Component: chunkPage(memo, (m) => m.MemoAffectGridExamples) },
        { name: 'morningMemoHowDoYouFeel', path: 'HowDoYouFeel', Component: chunkPage(memo, (m) => m.MemoHowDoYouFeel) },
        { name: 'morningMemoFeedback', path: 'Feedback', Component: chunkPage(memo, (m) => m.MemoFeedback) },
      ],
    },
    {
      name: 'wordLinks',
      path: '/WordLinks',
      Component: chunkPage(wordLinks, (m) => m.WordLinksLayout),
      children: [
        { name: 'wordLinksIntro', path: '', Component: chunkPage(wordLinks, (m) => m.WordLinksIntro) },
        { name: 'wordLinksLevel1', path: 'level1/:round', Component: chunkPage(wordLinks, (m) => m.WordLinksLevel1Round) },
        { name: 'wordLinksLevel2', path: 'level2/:round', Component: chunkPage(wordLinks, (m) => m.WordLinksLevel2Round) },
        { name: 'wordLinksLevel1Results', path: 'level1/round/:round/results', Component: chunkPage(wordLinks, (m) => m.WordLinksLevel1Results) },
        { name: 'wordLinksResults', path: 'level2/round/:round/results', Component: chunkPage(wordLinks, (m) => m.WordLinksRoundResults) },
        { name: 'wordLinksFeedback', path: 'Feedback', Component: chunkPage(wordLinks, (m) => m.WordLinksFeedback) },
      ],
    },
    {
      name: 'colorCatch',
      path: '/ColorCatch',
      Component: chunkPage(colorCatch, (m) => m.ColorCatchLayout),
      children: [
        { name: 'colorCatchWelcome', path: '', Component: chunkPage(colorCatch, (m) => m.ColorWelcome) },
        { name: 'colorCatchTutorial', path: 'Tutorial', Component: chunkPage(colorCatch, (m) => m.ColorTutorial) },
        { name: 'colorCatchGame', path: 'Game', Component: chunkPage(colorCatch, (m) => m.ColorGame) },
        { name: 'colorCatchDone', path: 'Done', Component: chunkPage(colorCatch, (m) => m.ColorDone) },
      ],
    },
    {
      name: 'mimeMix',
      path: '/MimeMix',
      Component: chunkPage(mime, (m) => m.MimeLayout),
      children: [
        { name: 'mimeMixWelcome', path: '', Component: chunkPage(mime, (m) => m.MimeWelcome) },
        { name: 'mimeMixTutorialInfo2', path: 'TutorialInfo2', Component: chunkPage(mime, (m) => m.MimeTutorialInfo) },
        { name: 'mimeMixGameStart', path: 'GameStart', Component: chunkPage(mime, (m) => m.MimeGameStart) },
        { name: 'mimeMixGame', path: 'Game', Component: chunkPage(mime, (m) => m.MimeGame) },
        { name: 'mimeMixGameEnd', path: 'GameEnd', Component: chunkPage(mime, (m) => m.MimeGameEnd) },
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

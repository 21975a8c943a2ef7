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
  ],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'delphi' }) },
    { to: '/Data', label: (t) => t('nav.data', { ns: 'delphi' }) },
  ],
  useHeaderChrome: useParticipantChrome,
  resources: { en, dk: dkChecked },
};

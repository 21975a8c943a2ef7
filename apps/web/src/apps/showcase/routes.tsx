/** Chunk `chi-showcase`: the front door shown on any host that names no app. Games, quiz and results load on demand. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import { lazyPage } from '../../ui/lazy-page';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { ShowcaseHome } from './home';

const dkChecked: typeof en = dk;
const games = () => import('./play/simple-game-page');

export const appModule: AppModule = {
  id: 'showcase',
  Home: ShowcaseHome,
  Layout: Outlet,
  routes: [
    { name: 'comparison', path: '/comparison', Component: lazyPage(() => games().then((m) => m.ComparisonPage)) },
    { name: 'targetSearch', path: '/targetSearch', Component: lazyPage(() => games().then((m) => m.TargetSearchPage)) },
    { name: 'quiz', path: '/quiz', Component: lazyPage(() => import('./quiz/quiz-page').then((m) => m.QuizPage)) },
    { name: 'results', path: '/results', Component: lazyPage(() => import('./results/results-page').then((m) => m.ResultsPage)), requiresLogin: true },
  ],
  nav: [{ to: '/', label: (t) => t('nav.home', { ns: 'showcase' }) }],
  resources: { en, dk: dkChecked },
};

/** Chunk `chi-ccf` — ccf: cognitive-control-framework sessions. Every page but the home loads on demand. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import { lazyPage } from '../../ui/lazy-page';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { CcfHome } from './home';

const dkChecked: typeof en = dk;

export const appModule: AppModule = {
  id: 'ccf',
  Home: CcfHome,
  Layout: Outlet,
  routes: [
    { name: 'session', path: '/session', Component: lazyPage(() => import('./participant/session-page').then((m) => m.SessionPage)) },
    { name: 'researcher', path: '/researcher', Component: lazyPage(() => import('./research/sessions-page').then((m) => m.SessionsPage)), requiresLogin: true },
    {
      name: 'researcherSession',
      path: '/researcher/:sessionId',
      Component: lazyPage(() => import('./research/results-page').then((m) => m.ResultsPage)),
      requiresLogin: true,
    },
  ],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'ccf' }) },
    { to: '/researcher', label: (t) => t('nav.researcher', { ns: 'ccf' }) },
  ],
  resources: { en, dk: dkChecked },
};

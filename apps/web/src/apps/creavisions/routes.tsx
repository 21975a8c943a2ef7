/** Chunk `chi-creavisions` — creative visions: events, a participant's vision, the gallery and its similar search, the facilitator's view. Every page but the home loads on demand. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import { lazyPage } from '../../ui/lazy-page';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { CreavisionsHome } from './home';

const dkChecked: typeof en = dk;

export const appModule: AppModule = {
  id: 'creavisions',
  Home: CreavisionsHome,
  Layout: Outlet,
  routes: [
    { name: 'event', path: '/event/:eventName', Component: lazyPage(() => import('./participant/event-page').then((m) => m.EventPage)) },
    { name: 'facilitator', path: '/facilitator', Component: lazyPage(() => import('./facilitator/events-page').then((m) => m.EventsPage)), requiresLogin: true },
    {
      name: 'facilitatorEvent',
      path: '/facilitator/:eventId',
      Component: lazyPage(() => import('./facilitator/event-results-page').then((m) => m.EventResultsPage)),
      requiresLogin: true,
    },
  ],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'creavisions' }) },
    { to: '/facilitator', label: (t) => t('nav.facilitator', { ns: 'creavisions' }) },
  ],
  resources: { en, dk: dkChecked },
};

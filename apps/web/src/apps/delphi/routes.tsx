/**
 * Chunk `chi-delphi`: the cognitive-games study suite. Paths are capitalised as in SPEC §2
 * (`/Data`, `/FlashMatch`…); route names are decapitalised (`data`, `flashMatch`…). Every
 * game screen and the data page are lazy chunks (ADR 004): the home chunk carries the entry
 * and the hub only. The games' routes come from the one list of games (suite/delphi-games.ts).
 */
import type { AppModule, AppRoute } from '../../shell/routing/app-module';
import { lazyPage } from '../../ui/lazy-page';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { DelphiHome } from './home';
import { DelphiLayout } from './suite/delphi-layout';
import { useParticipantChrome } from './suite/participant-chrome';
import { DELPHI_GAMES } from './suite/delphi-games';

const dkChecked: typeof en = dk;


export const appModule: AppModule = {
  id: 'delphi',
  Home: DelphiHome,
  Layout: DelphiLayout,
  routes: [
    { name: 'data', path: '/Data', Component: lazyPage(() => import('./research-data/data-page').then((m) => m.DataPage)), requiresLogin: true },
    // The researcher's studies (issue 26 item 7): the list, and one study's links, settings, versions and team.
    { name: 'studies', path: '/Studies', Component: lazyPage(() => import('./studies/studies-page').then((m) => m.StudiesPage)), requiresLogin: true },
    { name: 'studyAdmin', path: '/Studies/:id', Component: lazyPage(() => import('./studies/study-admin-page').then((m) => m.StudyAdminPage)), requiresLogin: true },
    {
      name: 'gamesUnavailable',
      path: '/GamesUnavailable',
      Component: lazyPage(() => import('./suite/games-unavailable').then((m) => m.GamesUnavailable)),
    },
    // A study link (issue 26, ADR 073): the participant enters a study, accepts its consent, then the hub.
    { name: 'study', path: '/s/:slug', Component: lazyPage(() => import('./suite/study-page').then((m) => m.StudyPage)) },
    // Each game brings its routes (games/<game>/<game>-entry.ts), in the list's order.
    ...DELPHI_GAMES.flatMap((game): readonly AppRoute[] => game.routes),
  ],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'delphi' }) },
    { to: '/Data', label: (t) => t('nav.data', { ns: 'delphi' }) },
    { to: '/Studies', label: (t) => t('nav.studies', { ns: 'delphi' }), requiresLogin: true },
  ],
  useHeaderChrome: useParticipantChrome,
  // Play and Start answer in the tap's own task (issue 23): the games' chunks are loaded ahead (ADR 061).
  navigationTransitions: false,
  resources: { en, dk: dkChecked },
};

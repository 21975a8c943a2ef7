/** Chunk `chi-creavisions` — creavisions: creative-visions sessions and gallery. Its issue adds the routes. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { CreavisionsHome } from './home';

const dkChecked: typeof en = dk;

export const appModule: AppModule = {
  id: 'creavisions',
  Home: CreavisionsHome,
  Layout: Outlet,
  routes: [],
  nav: [{ to: '/', label: (t) => t('nav.home', { ns: 'creavisions' }) }],
  resources: { en, dk: dkChecked },
};

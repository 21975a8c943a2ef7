/** Chunk `chi-app`: accounts and login. The accounts issue adds the token routes of SPEC §2. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { AppHome } from './home';
import { CloudPage } from './cloud-page';

const dkChecked: typeof en = dk;

export const appModule: AppModule = {
  id: 'app',
  Home: AppHome,
  Layout: Outlet,
  routes: [{ name: 'cloud', path: '/cloud', Component: CloudPage, requiresLogin: true }],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'app' }) },
    { to: '/cloud', label: (t) => t('nav.account', { ns: 'app' }) },
  ],
  resources: { en, dk: dkChecked },
};

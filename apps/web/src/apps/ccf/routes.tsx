/** Chunk `chi-ccf` — ccf: cognitive-control-framework sessions. The sessions issue adds its routes. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { CcfHome } from './home';

const dkChecked: typeof en = dk;

export const appModule: AppModule = {
  id: 'ccf',
  Home: CcfHome,
  Layout: Outlet,
  routes: [],
  nav: [{ to: '/', label: (t) => t('nav.home', { ns: 'ccf' }) }],
  resources: { en, dk: dkChecked },
};

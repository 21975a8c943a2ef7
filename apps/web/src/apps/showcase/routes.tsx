/** Chunk `chi-showcase`: the overview shown on any host that names no app. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { ShowcaseHome } from './home';

const dkChecked: typeof en = dk;

export const appModule: AppModule = {
  id: 'showcase',
  Home: ShowcaseHome,
  Layout: Outlet,
  routes: [],
  nav: [{ to: '/', label: (t) => t('nav.home', { ns: 'showcase' }) }],
  resources: { en, dk: dkChecked },
};

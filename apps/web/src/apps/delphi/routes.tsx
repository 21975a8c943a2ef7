/**
 * Chunk `chi-delphi`: the cognitive-games study suite. Paths are capitalised as in SPEC §2
 * (`/Data`, `/FlashMatch`…); route names are decapitalised (`data`, `flashMatch`…).
 */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { DelphiHome } from './home';
import { DataPage } from './data-page';

const dkChecked: typeof en = dk;

export const appModule: AppModule = {
  id: 'delphi',
  Home: DelphiHome,
  Layout: Outlet,
  routes: [{ name: 'data', path: '/Data', Component: DataPage, requiresLogin: true }],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'delphi' }) },
    { to: '/Data', label: (t) => t('nav.data', { ns: 'delphi' }) },
  ],
  resources: { en, dk: dkChecked },
};

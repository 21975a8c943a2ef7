/** Chunk `chi-assistants` — assistants: AI assistants that answer from your documents, with references. The assistants issue adds the routes of SPEC §2. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { AssistantsHome } from './home';

const dkChecked: typeof en = dk;

export const appModule: AppModule = {
  id: 'assistants',
  Home: AssistantsHome,
  Layout: Outlet,
  routes: [],
  nav: [{ to: '/', label: (t) => t('nav.home', { ns: 'assistants' }) }],
  resources: { en, dk: dkChecked },
};

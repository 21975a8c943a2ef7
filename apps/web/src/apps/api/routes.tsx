/** Chunk `chi-api`: the API landing page. On the api host `/` goes to `/api`. */
import { Navigate, Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { ApiPagesLayout } from './api-pages-layout';
import { ApiReference } from './api-reference';

const dkChecked: typeof en = dk;

function ApiHome() {
  return <Navigate to="/api" replace />;
}

export const appModule: AppModule = {
  id: 'api',
  Home: ApiHome,
  Layout: Outlet,
  routes: [
    {
      name: 'apiPages',
      path: '/api',
      Component: ApiPagesLayout,
      children: [{ name: 'apiReference', path: '', Component: ApiReference }],
    },
  ],
  nav: [{ to: '/api', label: (t) => t('nav.reference', { ns: 'api' }) }],
  resources: { en, dk: dkChecked },
};

/** Turns an app's route table into the react-router tree, inside the shell frame. */
import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import type { AppModule, AppRoute } from './app-module';
import { registerRoutes } from './route-registration';
import { RequireLogin } from './require-login';
import { NotFound } from './not-found';
import { ShellLayout } from '../layout/shell-layout';
import type { LegalDocument } from '../pages/legal-page';
import { lazyWithRetry } from '../../ui/lazy-with-retry';

const LazyLegalPage = lazyWithRetry(() => import('../pages/legal-page').then((m) => ({ default: m.LegalPage })));

function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <Suspense fallback={null}>
      <LazyLegalPage document={document} />
    </Suspense>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const { Component } = route;
  const element = route.requiresLogin ? (
    <RequireLogin>
      <Component />
    </RequireLogin>
  ) : (
    <Component />
  );
  if (route.path === '') return { index: true, element, id: route.name };
  return { path: route.path, element, id: route.name, children: route.children?.map(toRouteObject) };
}

export function buildRoutes(app: AppModule): RouteObject[] {
  const routes = registerRoutes(app.id, app.routes);
  const { Layout, Home } = app;
  return [
    {
      element: <ShellLayout app={app} />,
      children: [
        { path: '/privacy', element: <LegalPage document="privacy" /> },
        { path: '/terms', element: <LegalPage document="terms" /> },
        { path: '/cookies', element: <LegalPage document="cookies" /> },
        {
          element: <Layout />,
          children: [{ index: true, element: <Home />, id: 'home' }, ...routes.map(toRouteObject)],
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

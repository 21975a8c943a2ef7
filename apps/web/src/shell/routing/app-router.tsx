import { useMemo, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import type { AppModule } from './app-module';
import { buildRoutes } from './build-routes';
import { NewPageAtTop } from './new-page-at-top';
import { firstSegment, routeCandidates } from './route-candidates';

/**
 * The app's route table as live routes; rebuilt whenever the app changes (SPEC §2). Each
 * navigation matches only the routes that can take the path's first segment (ADR 077).
 */
export function AppRoutes({ app }: { app: AppModule }) {
  const routes = useMemo(() => buildRoutes(app), [app]);
  const segment = firstSegment(useLocation().pathname);
  const candidates = useMemo(() => routeCandidates(routes, segment), [routes, segment]);
  const page = useRoutes(candidates);
  return (
    <>
      {page}
      <NewPageAtTop />
    </>
  );
}

export type RouterComponent = ComponentType<{ children: ReactNode }>;

/**
 * Declarative routing (BrowserRouter + useRoutes) rather than the data router: the data router
 * adds ~16 KB gzipped to every first load and the shell loads data through the api client, not
 * route loaders. Keyed by app id so a switch of app starts from a fresh history state.
 */
export function AppRouter({ app, Router }: { app: AppModule; Router?: RouterComponent }) {
  if (Router) {
    return (
      <Router key={app.id}>
        <AppRoutes app={app} />
      </Router>
    );
  }
  return (
    <BrowserRouter key={app.id} {...(app.navigationTransitions === false ? { useTransitions: false } : {})}>
      <AppRoutes app={app} />
    </BrowserRouter>
  );
}

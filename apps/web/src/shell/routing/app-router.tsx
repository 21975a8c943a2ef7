import { useMemo, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import type { AppModule } from './app-module';
import { buildRoutes } from './build-routes';
import { NewPageAtTop } from './new-page-at-top';

/** The app's route table as live routes; rebuilt whenever the app changes (SPEC §2). */
export function AppRoutes({ app }: { app: AppModule }) {
  const routes = useMemo(() => buildRoutes(app), [app]);
  const page = useRoutes(routes);
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

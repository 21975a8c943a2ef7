/** Renders shell pieces and app routes the way the real shell does, on a memory router. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Language } from '@chi/contract';
import { Providers } from '../shell/root';
import { addAppResources, createI18n } from '../shell/i18n/i18n';
import { AppRoutes } from '../shell/routing/app-router';
import type { AppModule } from '../shell/routing/app-module';

/** Shows the current path and query so tests can assert on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** `app`: an app whose texts the piece reads (e.g. a game's name from the delphi namespace). */
export function renderWithProviders(ui: ReactNode, { path = '/', language = 'en' as Language, app }: { path?: string; language?: Language; app?: AppModule } = {}) {
  const i18n = createI18n(language);
  if (app) addAppResources(i18n, app.id, app.resources);
  const result = render(
    <Providers i18n={i18n} env="test">
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, i18n };
}

export function renderApp(app: AppModule, options: { path?: string; language?: Language } = {}) {
  const i18n = createI18n(options.language ?? 'en');
  addAppResources(i18n, app.id, app.resources);
  const result = render(
    <Providers i18n={i18n} env="test">
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <AppRoutes app={app} />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, i18n };
}

export { jsonResponse, TEST_CONFIG } from './fake-responses';

import { useCallback, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { AppId } from '@chi/contract';
import type { AppModule } from './routing/app-module';
import { cssVariablesResolver, theme } from './theme';
import { i18n as defaultI18n, addAppResources } from './i18n/i18n';
import { ConfigProvider } from './config/config-context';
import type { ApiClient } from './api/client';
import { api } from './api/api';
import { ChunkGate } from './routing/chunk-gate';
import { APP_LOADERS, type AppLoader } from './routing/app-loaders';
import { AppRouter, type RouterComponent } from './routing/app-router';

export interface ProvidersProps {
  children: ReactNode;
  i18n?: I18n;
  client?: ApiClient;
  /** `test` turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function Providers({ children, i18n = defaultI18n, client = api, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" forceColorScheme="light" env={env}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider client={client}>{children}</ConfigProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}

export interface ShellProps {
  appId: AppId;
  loaders?: Record<AppId, AppLoader>;
  /** BrowserRouter by default; tests pass a MemoryRouter. */
  Router?: RouterComponent;
  i18n?: I18n;
  /**
   * The app's module when it is already loaded (with its texts added, see loadApp): the first
   * render is then the app itself, not the chunk gate's loader. The prerendered home page is
   * replaced by exactly this render (main.tsx, ADR 023).
   */
  app?: AppModule;
}

/** Loads an app's chunk and registers its texts. */
export async function loadApp(appId: AppId, loaders: Record<AppId, AppLoader> = APP_LOADERS, i18n: I18n = defaultI18n): Promise<AppModule> {
  const app = await loaders[appId]();
  addAppResources(i18n, app.id, app.resources);
  return app;
}

/** Loads the chunk of the host's app, registers its texts, then builds its router. */
export function Shell({ appId, loaders = APP_LOADERS, Router, i18n = defaultI18n, app }: ShellProps) {
  const load = useCallback(() => loadApp(appId, loaders, i18n), [appId, loaders, i18n]);
  if (app?.id === appId) return <AppRouter app={app} Router={Router} />;
  return <ChunkGate load={load}>{(loaded) => <AppRouter app={loaded} Router={Router} />}</ChunkGate>;
}

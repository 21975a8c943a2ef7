/**
 * The shell's start, loaded by main.tsx as its own chunk (ADR 023). On a prerendered home it
 * waits for the app chunk, then renders the live page in a transition (React renders it in
 * short slices, not one long task) and commits it in place of the static one: same markup,
 * same place, so nothing moves. Anywhere else it renders at once, the chunk gate showing a
 * loader until the app chunk is there.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppId } from '@chi/contract';
import { Providers, Shell, loadApp } from './shell/root';
import { currentLanguage, i18n } from './shell/i18n/i18n';
import { htmlLang } from './shell/i18n/language';
import { APP_LOADERS, type AppLoader } from './shell/routing/app-loaders';
import type { AppModule } from './shell/routing/app-module';

/** The loaders, the host's app answering first with the download main.tsx already started. */
function withStarted(appId: AppId, started: Promise<AppModule>): Record<AppId, AppLoader> {
  let first = true;
  const loader: AppLoader = () => {
    if (!first) return APP_LOADERS[appId]();
    first = false;
    return started;
  };
  return { ...APP_LOADERS, [appId]: loader };
}

/** Runs `then` when the main thread is next idle (a timer where requestIdleCallback is missing: Safari). */
function whenIdle(then: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: 2000 });
  else setTimeout(then, 200);
}

export function boot(container: HTMLElement, appId: AppId, started: Promise<AppModule>, prerendered: boolean): void {
  document.documentElement.lang = htmlLang(currentLanguage(i18n));
  // Not render-blocking: nothing on a home's first paint needs it (see later-styles.ts). Parsing
  // it and restyling the page is a long task of its own, so it waits until the live page is in
  // and the main thread is idle (ADR 032).
  whenIdle(() => void import('./shell/styles/later-styles'));
  const loaders = withStarted(appId, started);
  const root = createRoot(container);
  const render = (app?: AppModule) =>
    root.render(
      <StrictMode>
        <Providers>
          <Shell appId={appId} loaders={loaders} app={app} />
        </Providers>
      </StrictMode>,
    );
  if (!prerendered) {
    render();
    return;
  }
  loadApp(appId, loaders, i18n).then(
    (app) => startTransition(() => render(app)),
    // The chunk gate shows the failure with Retry (and tries again itself).
    () => render(),
  );
}

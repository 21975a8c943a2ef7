/**
 * The shell's start, loaded by main.tsx as its own chunk (ADR 023). On a prerendered home it
 * waits for the app chunk, then renders the live page in a transition (React renders it in
 * short slices, not one long task) and commits it in place of the static one: same markup,
 * same place, so nothing moves. Anywhere else it renders at once, the chunk gate showing a
 * loader until the app chunk is there.
 */
import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
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

/**
 * Calls `onLive` once the live page is in the document and its own effects have run (a parent's
 * effect runs after its children's): a replayed tap on the menu must come after the header's
 * effect that closes the menu on a new page, not before it.
 */
function LiveSignal({ onCommit, onLive, children }: { onCommit: () => void; onLive: () => void; children: ReactNode }) {
  // In the commit's own task: no key can come between the static field's removal and this.
  useLayoutEffect(onCommit, [onCommit]);
  // In a task of its own, not inside the effect: a replayed paste and "Open the event" must reach
  // the page as a person's input and press do, each handled and rendered before the next (inside
  // React's effects the press saw the state before the paste, and its navigation was lost:
  // issue 25 item 24).
  useEffect(() => {
    const timer = setTimeout(onLive, 0);
    return () => clearTimeout(timer);
  }, [onLive]);
  return children;
}

/**
 * `onCommit`: once, in the task that put the live page in place of the prerendered one (the focus
 * is moved to the live page then); `onLive`: once, after the live page's effects (its held taps
 * are replayed then, ADR 040).
 */
export function boot(
  container: HTMLElement,
  appId: AppId,
  started: Promise<AppModule>,
  prerendered: boolean,
  { onCommit = () => {}, onLive = () => {} }: { onCommit?: () => void; onLive?: () => void } = {},
): void {
  let committed = false;
  const commit = () => {
    if (committed) return;
    committed = true;
    onCommit();
  };
  let live = false;
  const signal = () => {
    if (live) return;
    live = true;
    onLive();
  };
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
        <LiveSignal onCommit={commit} onLive={signal}>
          <Providers>
            <Shell appId={appId} loaders={loaders} app={app} />
          </Providers>
        </LiveSignal>
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

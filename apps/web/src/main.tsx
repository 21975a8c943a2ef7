/**
 * The entry: small on purpose (ADR 023). It holds the first-paint stylesheet and starts the
 * host's app chunk and the shell (`boot.tsx`: React, Mantine, the router) together. On a
 * prerendered home (the server sent the page's HTML, `#root[data-prerendered]`) they wait for
 * the first contentful paint, so the text is on screen before any JavaScript is fetched or run
 * (on a slow phone that work would otherwise compete with the paint); `boot`
 * then replaces the static page with the live one in one commit.
 *
 * The code runs in stages, each its own task with a yield to the browser in between (React DOM,
 * the API client with the contract's schemas, the shell, the app), rather than as one long task
 * that would block a phone's main thread; every file is fetched at once, beforehand, through
 * the modulepreload links of the page (the prerendered page lists them in `data-preload`).
 */
import './shell/styles/first-paint-styles';
import { appIdFromHost } from '@chi/contract';
import { APP_LOADERS } from './shell/routing/app-loaders';
import { PRELOAD_ATTRIBUTE, prerenderMatches } from './shell/prerender-marker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root: HTMLElement = container;
const appId = appIdFromHost(window.location.host);
const prerendered = prerenderMatches(root, appId, window.location.pathname);

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Fetches the page's chunks (modulepreload: fetched and compiled, not run) and loads its whole
 * stylesheets (the prerendered page inlined only the rules its markup uses); resolves when the
 * stylesheets are in, or failed (the live page then still works, less styled).
 */
function preload(files: string[]): Promise<unknown> {
  const sheets: Promise<unknown>[] = [];
  for (const href of files) {
    const css = href.endsWith('.css');
    const rel = css ? 'stylesheet' : 'modulepreload';
    if (document.querySelector(`link[rel="${rel}"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    if (css) {
      sheets.push(
        new Promise((resolve) => {
          link.onload = resolve;
          link.onerror = resolve;
        }),
      );
    }
    document.head.append(link);
  }
  return Promise.all(sheets);
}

async function start(): Promise<void> {
  const stylesheets = preload((root.getAttribute(PRELOAD_ATTRIBUTE) ?? '').split(' ').filter(Boolean));
  const app = APP_LOADERS[appId]();
  // The boot chunk waits for the app itself; an error here is shown by the chunk gate.
  app.catch(() => undefined);
  await import('react-dom/client');
  await nextTask();
  await import('./shell/api/api');
  await nextTask();
  await import('./shell/root');
  await nextTask();
  const { boot } = await import('./boot');
  if (prerendered) {
    // The app chunk's own stage; elsewhere the chunk gate shows a loader until it is there.
    await app.catch(() => undefined);
    await stylesheets;
    await nextTask();
  }
  boot(root, appId, app, prerendered);
}

function run(): void {
  void start();
}

/**
 * Calls `then` once the browser reports the page's first contentful paint (the prerendered text
 * is on screen, not merely painted into a frame not yet shown); at the second frame where paint
 * timing is not reported; after 3 s at the latest.
 */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    setTimeout(then, 0);
  };
  setTimeout(once, 3000);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        once();
      }
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(once));
  }
}

// A hidden tab paints nothing, so it does not wait.
if (prerendered && document.visibilityState === 'visible') afterFirstPaint(run);
else run();

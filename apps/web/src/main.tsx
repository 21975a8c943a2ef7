/**
 * The entry: small on purpose (ADR 023). It holds the first-paint stylesheet and starts the
 * host's app chunk and the shell (`boot.tsx`: React, Mantine, the router) together. A
 * prerendered home (the server sent the page's HTML, `#root[data-prerendered]`) is that
 * static page until the person's first pointer, key or focus; its files are fetched ahead, once
 * it is painted and the main thread is idle (ADR 061, `shell/boot-schedule.ts`). The gesture
 * starts the live page (a touch once its tap is answered and painted, ADR 075), which `boot` commits in place of the static one, and a tap or typing
 * made meanwhile is carried over (ADR 040, `shell/static-interactions.ts`). Where this tab already holds a
 * participant's state the home differs from a visitor's, and where the static page shows
 * something loading it needs the live page's data: those start once the text is painted.
 *
 * The code runs in stages, each its own task with a yield to the browser in between (`STAGES`,
 * then the app; `runInSlices`), rather than as one long task
 * that would block a phone's main thread; every file is fetched at once, beforehand, through
 * the modulepreload links of the page (the prerendered page lists them in `data-preload`).
 */
import './shell/styles/first-paint-styles';
import { appIdFromHost } from '@chi/contract';
import { APP_LOADERS } from './shell/routing/app-loaders';
import { PRELOAD_ATTRIBUTE, STATIC_DIALOG_ATTRIBUTE, prerenderMatches } from './shell/prerender-marker';
import { onFirstIntent, onMoreNearView, tabHoldsState, waitsForData } from './shell/live-on-intent';
import { holdStaticInteractions, type StaticInteractions } from './shell/static-interactions';
import { inputPending, runInSlices, scheduleBoot, yieldToBrowser } from './shell/boot-schedule';
import { staticLogin, type StaticLogin } from './shell/static-answer/static-login';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root: HTMLElement = container;
const appId = appIdFromHost(window.location.host);
const prerendered = prerenderMatches(root, appId, window.location.pathname);

const nextTask = () => yieldToBrowser();

/**
 * Fetches the page's chunks (modulepreload: fetched and compiled, not run) and loads its whole
 * stylesheets (the prerendered page inlined only the rules its markup uses), a few links per
 * task; resolves, once all are added, with `stylesheets`, a promise kept when they are in, or
 * failed (the live page then still works, less styled).
 */
async function preload(files: string[], fetchOnly = false): Promise<{ stylesheets: Promise<unknown> }> {
  const sheets: Promise<unknown>[] = [];
  let added = 0;
  for (const href of files) {
    const css = href.endsWith('.css');
    // `fetchOnly`: a stylesheet is only fetched into the cache (preload), not applied (no restyle).
    const rel = css ? (fetchOnly ? 'preload' : 'stylesheet') : 'modulepreload';
    if (document.querySelector(`link[rel="${rel}"][href="${href}"]`)) continue;
    // Starting a request costs the main thread a little: ~50 of them at once made one long task.
    if (added > 0 && (added % PRELOADS_PER_TASK === 0 || inputPending())) await nextTask();
    added += 1;
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    if (rel === 'preload') link.as = 'style';
    if (css && !fetchOnly) {
      sheets.push(
        new Promise((resolve) => {
          link.onload = resolve;
          link.onerror = resolve;
        }),
      );
    }
    document.head.append(link);
  }
  // Wrapped: an async function's promise would otherwise wait for the stylesheets too.
  return { stylesheets: Promise.all(sheets) };
}

const PRELOADS_PER_TASK = 8;

/**
 * The shared code, one stage per task, in the order each needs the one before: React DOM,
 * i18next, the API client with the contract's schemas, the router with Mantine's base components, the
 * shell. Importing a module evaluates it and every module it imports in one task, so each stage
 * is kept to one big library (ADR 032).
 */
const STAGES: [string, () => Promise<unknown>][] = [
  ['react-dom', () => import('react-dom/client')],
  ['i18n', () => import('./shell/i18n/i18n')],
  ['api', () => import('./shell/api/api')],
  ['router', () => import('./ui/section')],
  ['shell', () => import('./shell/root')],
];

/** A user-timing mark per stage (`chi:boot:<stage>`), for reading a performance trace. */
const mark = (stage: string) => performance.mark(`chi:boot:${stage}`);

async function start(held?: StaticInteractions, login?: StaticLogin | null): Promise<void> {
  const { stylesheets } = await preload((root.getAttribute(PRELOAD_ATTRIBUTE) ?? '').split(' ').filter(Boolean));
  // Elsewhere the chunk gate shows a loader until the app is there, so its import starts now. On
  // a prerendered page it waits for the stages: the app chunk imports Mantine, the router and
  // i18next too, and importing it first would evaluate all of them in one long task (its file is
  // already being fetched through the preload links).
  let app = prerendered ? undefined : APP_LOADERS[appId]();
  app?.catch(() => undefined);
  await runInSlices(
    STAGES.map(([name, stage]) => async () => {
      await stage();
      mark(name);
    }),
  );
  await nextTask();
  const { boot } = await import('./boot');
  if (!app) {
    // The app chunk's own stage.
    app = APP_LOADERS[appId]();
    // The boot chunk waits for the app itself; an error here is shown by the chunk gate.
    await app.catch(() => undefined);
    mark('app');
    await stylesheets;
    await nextTask();
  }
  mark('render');
  boot(root, appId, app, prerendered, {
    onCommit: () => held?.committed(),
    onLive: () => {
      held?.replay();
      // After the replay: the static login dialog, if open, becomes the live one (ADR 075).
      login?.handOver(root);
    },
  });
}

function run(held?: StaticInteractions, login?: StaticLogin | null): void {
  void start(held, login);
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

if (prerendered && !tabHoldsState() && !waitsForData(root)) {
  // The static page answers at once (links, held taps and typing, ADR 040). Once it is painted
  // and the main thread is idle, the live page's files are fetched (modulepreload: fetched and
  // compiled, not run, so next to no main-thread time); the person's first gesture runs them
  // (ADR 061). Running them when idle too was measured: Lighthouse 80-94 instead of 99-100.
  // The static page's Log in opens the login dialog it carries, in the tap's own frame (ADR 075).
  const login = staticLogin();
  const held = holdStaticInteractions(root, (control) => login?.answers(control) ?? false);
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    run(held, login);
  };
  const files = (root.getAttribute(PRELOAD_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
  // A start before the idle time adds the links itself (preload skips those already there).
  scheduleBoot(
    (then) => (document.visibilityState === 'visible' ? afterFirstPaint(then) : then()),
    () => void (started || preload(files, true)),
  );
  onFirstIntent(startOnce);
  // A list shown in part starts the live page when the person scrolls down to it (ADR 050).
  onMoreNearView(root, startOnce);
} else {
  // The live page starts without a gesture here: its own dialog answers Log in.
  document.querySelector(`dialog[${STATIC_DIALOG_ATTRIBUTE}]`)?.remove();
  if (prerendered && document.visibilityState === 'visible') afterFirstPaint(() => run());
  // A hidden tab paints nothing, so it does not wait.
  else run();
}

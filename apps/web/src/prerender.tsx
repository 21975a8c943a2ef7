/**
 * Server-side entry of the build-time prerender (apps/web/build/prerender.ts, ADR 023): renders
 * an app's landing page to HTML for one language, as a signed-out visitor's first render shows
 * it (data hooks in their loading state, lazy parts as their fallback), so the page the client
 * replaces it with is the same. Generic: it renders whatever the app's module renders; nothing
 * here knows an app's content.
 *
 * The render is repeated for every width class the page asks about through `matchMedia` (the
 * header's burger below 1000 px, a home's own queries), so the build can send all of them and
 * let CSS show the one that fits the screen.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { APP_IDS, LANGUAGES, type AppId, type Language } from '@chi/contract';
import { Providers, Shell, loadApp } from './shell/root';
import { createI18n } from './shell/i18n/i18n';
import { htmlLang } from './shell/i18n/language';
import { APP_LOADERS } from './shell/routing/app-loaders';
import { STATIC_ANSWER_ATTRIBUTE } from './shell/prerender-marker';
import { StaticLoginDialog, staticDialogHtml } from './shell/static-answer/static-login-dialog';

/** A width query the page made, e.g. `(min-width: 62.5em)`: its breakpoint in px and as written. */
export interface Breakpoint {
  px: number;
  css: string;
}

export interface RenderedWidth {
  html: string;
  breakpoints: Breakpoint[];
}

const EM_PX = 16;
const WIDTH_FEATURE = /\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g;

/** Answers `(min-width: …)` and `(max-width: …)` (joined by `and`) for a screen `widthPx` wide; anything else does not match. */
export function matchesWidth(query: string, widthPx: number, seen: Breakpoint[]): boolean {
  const features = [...query.matchAll(WIDTH_FEATURE)];
  const rest = query.replace(WIDTH_FEATURE, '').replace(/\band\b/g, '').replace(/\bscreen\b|\ball\b|\bonly\b/g, '').trim();
  if (features.length === 0 || rest !== '') return false;
  return features.every(([, kind, value, unit]) => {
    const px = Number(value) * (unit === 'px' ? 1 : EM_PX);
    seen.push({ px, css: `${value}${unit}` });
    return kind === 'min' ? widthPx >= px : widthPx <= px;
  });
}

/**
 * The origin the render sees as `window.location`: `http://<app>.chi-prerender.invalid`. A page
 * that builds links to the other apps from the host it is on writes them with this domain; the
 * server puts the request's own protocol, domain and port in its place (static-client.ts).
 */
export const PRERENDER_DOMAIN = 'chi-prerender.invalid';

interface RenderGlobals {
  window?: unknown;
  location?: unknown;
}

/** Renders `path` of `appId` in `language` as a screen `widthPx` wide shows it. */
export async function renderPage(
  appId: AppId,
  path: string,
  language: Language,
  widthPx: number,
  idPrefix: string,
  dialog = false,
): Promise<RenderedWidth> {
  const i18n = createI18n(language);
  const app = await loadApp(appId, APP_LOADERS, i18n);
  const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  const breakpoints: Breakpoint[] = [];
  const scope = globalThis as RenderGlobals;
  const saved = { window: Object.getOwnPropertyDescriptor(scope, 'window'), location: Object.getOwnPropertyDescriptor(scope, 'location') };
  const location = new URL(path, `http://${appId}.${PRERENDER_DOMAIN}`);
  // Only for the duration of the render: Mantine's useMediaQuery reads `window.matchMedia`, and
  // a page may read where it is.
  Object.defineProperty(scope, 'location', { value: location, configurable: true, writable: true });
  Object.defineProperty(scope, 'window', { configurable: true, writable: true, value: {
    location,
    matchMedia: (query: string) => ({
      matches: matchesWidth(query, widthPx, breakpoints),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  } });
  try {
    const html = renderToString(
      <Providers i18n={i18n}>
        {dialog ? (
          <Router>
            <StaticLoginDialog />
          </Router>
        ) : (
          <Shell appId={appId} app={app} i18n={i18n} Router={Router} />
        )}
      </Providers>,
      { identifierPrefix: idPrefix },
    );
    return { html, breakpoints };
  } finally {
    for (const key of ['window', 'location'] as const) {
      const descriptor = saved[key];
      if (descriptor) Object.defineProperty(scope, key, descriptor);
      else delete scope[key];
    }
  }
}

/** One rendering of the page and the widths it is for: from `minWidth` (none: from 0) up to the next variant's. */
export interface PageVariant {
  minWidth: Breakpoint | null;
  html: string;
}

export interface PrerenderedPage {
  app: AppId;
  path: string;
  language: Language;
  /** `<html lang>` for the language (BCP 47: `da` for `dk`). */
  htmlLang: string;
  variants: PageVariant[];
  /** The static answers the page carries outside `#root` (the login dialog, ADR 075), as HTML. */
  dialogs: string;
}

/** At most this many width classes (a page asking about more is rendered for the first ones). */
const MAX_VARIANTS = 4;

/**
 * Renders the page once per width class it distinguishes: first as the narrowest screen, then
 * once above each breakpoint its `matchMedia` queries named, until no new breakpoint appears.
 * Neighbouring classes that render the same are merged.
 */
export async function renderVariants(appId: AppId, path: string, language: Language): Promise<PageVariant[]> {
  const known = new Map<number, Breakpoint>();
  const rendered = new Map<number, string>();
  const learn = (found: Breakpoint[]) => {
    let added = false;
    for (const b of found) {
      if (!known.has(b.px)) {
        known.set(b.px, b);
        added = true;
      }
    }
    return added;
  };
  let pending = true;
  for (let round = 0; pending && round < MAX_VARIANTS; round += 1) {
    pending = false;
    const starts = [0, ...[...known.keys()].sort((a, b) => a - b)].slice(0, MAX_VARIANTS);
    for (const start of starts) {
      if (rendered.has(start)) continue;
      // Just above the breakpoint, so `min-width` holds and `max-width` does not.
      const result = await renderPage(appId, path, language, start === 0 ? 0 : start + 0.5, `p${rendered.size}-`);
      rendered.set(start, result.html);
      if (learn(result.breakpoints)) pending = true;
    }
  }
  const variants: PageVariant[] = [];
  for (const start of [...rendered.keys()].sort((a, b) => a - b)) {
    const html = rendered.get(start) ?? '';
    const last = variants.at(-1);
    // Same markup but for React's id prefix: one variant serves both.
    if (last && stripIds(last.html) === stripIds(html)) continue;
    variants.push({ minWidth: start === 0 ? null : (known.get(start) ?? null), html });
  }
  return variants;
}

function stripIds(html: string): string {
  return html.replace(/«?p\d+-[^"'\s»]*»?/g, '');
}

/**
 * The login dialog, when the page has a Log in the static page answers itself (ADR 075): the
 * live dialog's own markup in a native `<dialog>` (static-answer/static-login-dialog.tsx).
 */
async function renderDialogs(appId: AppId, path: string, language: Language, variants: PageVariant[]): Promise<string> {
  if (!variants.some((v) => v.html.includes(`${STATIC_ANSWER_ATTRIBUTE}="login"`))) return '';
  const { html } = await renderPage(appId, path, language, 0, 'sl-', true);
  return staticDialogHtml('login', html);
}

export async function prerenderPages(pages: readonly { app: AppId; path: string }[], languages: readonly Language[]): Promise<PrerenderedPage[]> {
  const out: PrerenderedPage[] = [];
  for (const { app, path } of pages) {
    for (const language of languages) {
      const variants = await renderVariants(app, path, language);
      out.push({ app, path, language, htmlLang: htmlLang(language), variants, dialogs: await renderDialogs(app, path, language, variants) });
    }
  }
  return out;
}

/**
 * Where each app's visitors land: `/`, but the api host's `/` forwards to its landing page
 * `/api` (SPEC §2), so that page is the one rendered there. A new app is prerendered at `/`
 * without any change here.
 */
const LANDING_PATHS: Partial<Record<AppId, string>> = { api: '/api' };

export const PRERENDER_PAGES: readonly { app: AppId; path: string }[] = APP_IDS.map((app) => ({ app, path: LANDING_PATHS[app] ?? '/' }));

/** Every landing page in every language: what the build writes (apps/web/build/prerender.ts). */
export function prerenderAll(): Promise<PrerenderedPage[]> {
  return prerenderPages(PRERENDER_PAGES, LANGUAGES);
}

/**
 * Serves the built web client (apps/web/dist) for every host: hashed assets cached for a
 * year, index.html always revalidated, and any other page path answered with index.html so
 * the client router can take over (SPA fallback). The build writes `.br` and `.gz` beside each
 * text file (apps/web/build/precompress.ts); the request's Accept-Encoding picks one (q-values
 * honoured, brotli before gzip at equal weight, the original when neither is acceptable), sent
 * with its own Content-Encoding, Content-Length and ETag, the original's Content-Type, and
 * `Vary: Accept-Encoding` on every answer so caches keep the variants apart.
 *
 * A page request gets its host's `home-<app>.html` (apps/web/build/home-pages.ts): index.html
 * with modulepreload links for that sub-app's chunks, so the browser fetches them in parallel
 * with the entry instead of one after another (ADR 012). index.html serves a build without them.
 *
 * The landing page of each host (`/`, the api host's `/api`), asked for without a query, gets
 * its prerendered file instead (`prerendered.json`, apps/web/build/prerender.ts, ADR 023): the
 * page's HTML already rendered, in the language the client will pick (the `chi_language`
 * cookie, else English: the client's own rule before it reads local storage), so its text
 * paints before any JavaScript runs. Such answers vary by Cookie too. A request that carries a
 * session cookie gets the plain page instead: the prerendered one is a visitor's page (it says
 * Log in), and stays static until the visitor reaches for it (ADR 040), so a logged-in person
 * gets the live page at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_IDS, DEFAULT_LANGUAGE, LANGUAGES, appIdFromHost, isUnknownAppHost, type AppId, type Language } from '@chi/contract';
import { HostPages } from './host-pages';
import { sendModuleNotFound } from './module-not-found-page';
import { isApiPath, isAssetPath } from './api-paths';
import type { PageFallback } from './error-handler';
import { sessionCookieValue } from '../modules/session/session-cookie';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** The tab icon (apps/web/public): not hashed, so cached for a month rather than for ever. */
export const FAVICON = 'favicon.svg';
const ICON_CACHE = 'public, max-age=2592000';

export const NOT_BUILT_MESSAGE =
  'The web client is not built yet. Run `npm run build` (or `npm start`, which builds first) and restart the server. The API under /api/v1 works meanwhile.\n';

function notBuilt(reply: FastifyReply): FastifyReply {
  return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_MESSAGE);
}

function homeFile(appId: string): string {
  return `home-${appId}.html`;
}

export const PRERENDER_MANIFEST = 'prerendered.json';
export const LANGUAGE_COOKIE = 'chi_language';

function prerenderFile(appId: string, language: Language): string {
  return `home-${appId}.${language}.html`;
}

type Prerendered = Map<AppId, { path: string; languages: Set<Language> }>;

function readPrerendered(distDir: string): Prerendered {
  const pages: Prerendered = new Map();
  const file = join(distDir, PRERENDER_MANIFEST);
  if (!existsSync(file)) return pages;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { path?: unknown; languages?: unknown }>;
  for (const appId of APP_IDS) {
    const entry = manifest[appId];
    if (!entry || typeof entry.path !== 'string' || !Array.isArray(entry.languages)) continue;
    const languages = new Set(LANGUAGES.filter((l) => (entry.languages as unknown[]).includes(l) && existsSync(join(distDir, prerenderFile(appId, l)))));
    if (languages.size > 0) pages.set(appId, { path: entry.path, languages });
  }
  return pages;
}

/** The language the client will start in (src/shell/i18n/language.ts): the shared cookie, else the default. */
export function pageLanguage(cookieHeader: string | undefined): Language {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && (LANGUAGES as readonly string[]).includes(value ?? '')) return value as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** Registers static serving and returns what the not-found handler does for page requests. */
export function registerStaticClient(app: FastifyInstance, distDir: string, publicDomain: string): PageFallback {
  // Checked once at start-up: the build replaces the folder, so a restart follows a build.
  if (!existsSync(join(distDir, 'index.html'))) return (_request, reply) => notBuilt(reply);

  const homes = new Set(APP_IDS.filter((id) => existsSync(join(distDir, homeFile(id)))));
  const prerendered = readPrerendered(distDir);
  const prerenderedFiles = new Set([...prerendered].flatMap(([appId, p]) => [...p.languages].map((l) => prerenderFile(appId, l))));
  const hostPages = new HostPages(distDir);
  // Checked per request: while the build rewrites dist/ a file listed at start-up may be gone
  // for a moment (issue 25 item 11: a 500 `ENOENT home-delphi.dk.html` during a redeploy).
  const present = (file: string) => existsSync(join(distDir, file));
  /** The prerendered file for this request, if it asks for its host's landing page. */
  const prerenderedFile = (request: FastifyRequest, appId: AppId): string | undefined => {
    const page = prerendered.get(appId);
    if (!page || request.url !== page.path || sessionCookieValue(request) !== undefined) return undefined;
    const language = pageLanguage(request.headers.cookie);
    return page.languages.has(language) ? prerenderFile(appId, language) : undefined;
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    // `foo.chi.localhost` names an app that does not exist: SPEC §8's MODULE_NOT_FOUND (ADR 049).
    if (isUnknownAppHost(request.host, publicDomain)) return sendModuleNotFound(request, reply, publicDomain, pageLanguage(request.headers.cookie));
    const appId = appIdFromHost(request.host);
    reply.code(200).header('cache-control', REVALIDATE);
    const file = prerenderedFile(request, appId);
    // The landing path's answer depends on the cookies (language, session) whichever file it is.
    if (prerendered.get(appId)?.path === request.url) reply.header('vary', 'Accept-Encoding, Cookie');
    if (file && present(file)) {
      // A page with links built from the host it is on gets them for this request's host.
      if (hostPages.isHostDependent(file)) return hostPages.send(file, request, reply);
      return reply.sendFile(file);
    }
    // A missing prerendered or host page falls back to the plain page, never a 500.
    if (homes.has(appId) && present(homeFile(appId))) return reply.sendFile(homeFile(appId));
    return present('index.html') ? reply.sendFile('index.html') : notBuilt(reply);
  };

  // `/` would otherwise be the static index: the host decides which page it is.
  app.get('/', sendPage);
  // Browsers and tools that ask for the classic name get the SVG icon every page links to.
  app.get('/favicon.ico', (_request, reply) => reply.code(301).header('cache-control', ICON_CACHE).redirect(`/${FAVICON}`));
  // Any other landing path (the api host's `/api`) would otherwise be a not-found page.
  for (const path of new Set([...prerendered.values()].map((p) => p.path))) if (path !== '/') app.get(path, sendPage);

  void app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    // Cache-Control is ours to decide (setHeaders), per file kind.
    cacheControl: false,
    preCompressed: true,
    dotfiles: 'ignore',
    // The API is never a file, even if the build folder happened to contain `api/`.
    allowedPath: (pathname) => !isApiPath(pathname),
    setHeaders: (res, filePath) => {
      const inAssets = relative(distDir, filePath).startsWith(`assets${sep}`);
      res.setHeader('cache-control', inAssets ? IMMUTABLE : basename(filePath) === FAVICON ? ICON_CACHE : REVALIDATE);
      res.setHeader('vary', prerenderedFiles.has(basename(filePath).replace(/\.(?:br|gz)$/, '')) ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    },
  });

  return (request, reply) => {
    // A missing hashed asset is a stale or wrong reference: HTML in its place would only
    // confuse the browser (and be cached as JavaScript), so it is a plain 404.
    if (isAssetPath(request.url)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    return sendPage(request, reply);
  };
}

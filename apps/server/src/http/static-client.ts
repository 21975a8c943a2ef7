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
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_IDS, appIdFromHost } from '@chi/contract';
import { isApiPath, isAssetPath } from './api-paths';
import type { PageFallback } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export const NOT_BUILT_MESSAGE =
  'The web client is not built yet. Run `npm run build` (or `npm start`, which builds first) and restart the server. The API under /api/v1 works meanwhile.\n';

function notBuilt(reply: FastifyReply): FastifyReply {
  return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_MESSAGE);
}

function homeFile(appId: string): string {
  return `home-${appId}.html`;
}

/** Registers static serving and returns what the not-found handler does for page requests. */
export function registerStaticClient(app: FastifyInstance, distDir: string): PageFallback {
  // Checked once at start-up: the build replaces the folder, so a restart follows a build.
  if (!existsSync(join(distDir, 'index.html'))) return (_request, reply) => notBuilt(reply);

  const homes = new Set(APP_IDS.filter((id) => existsSync(join(distDir, homeFile(id)))));
  const pageFile = (request: FastifyRequest): string => {
    const appId = appIdFromHost(request.host);
    return homes.has(appId) ? homeFile(appId) : 'index.html';
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    reply.code(200).header('cache-control', REVALIDATE).sendFile(pageFile(request));

  // `/` would otherwise be the static index: the host decides which page it is.
  app.get('/', sendPage);

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
      res.setHeader('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'Accept-Encoding');
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

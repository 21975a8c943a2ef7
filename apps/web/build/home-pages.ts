/**
 * Writes the per-host pages of the build (ADR 012, 023):
 * - `dist/home-<app>.html` for every sub-app: index.html plus `<link rel="modulepreload">` for
 *   the shell's boot chunk and the app's lazy `chi-<app>` chunk, every chunk they import
 *   statically, and their stylesheets. Without them the browser learns of those files only
 *   after the entry has run and asked for them: a chain of round trips before the first paint.
 * - `dist/home-<app>.<language>.html`, the app's landing page prerendered (build/prerender.ts).
 * The server sends each host its app's file (apps/server/src/http/static-client.ts); index.html
 * stays for anything else.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { renderLandingPages, writePrerendered } from './prerender';

const APP_CHUNK = /^assets\/chi-([a-z]+)-[^/]+\.js$/;
/** The shell's start (src/boot.tsx), loaded by the entry as its own chunk. */
const BOOT_MODULE = /[\\/]src[\\/]boot\.tsx$/;

// Vite adds `viteMetadata.importedCss` (the chunk's stylesheets) to Rollup's chunk type.
type ChunkWithCss = Rollup.OutputChunk;

function chunksOf(bundle: Rollup.OutputBundle): Map<string, ChunkWithCss> {
  const chunks = new Map<string, ChunkWithCss>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  return chunks;
}

/** A chunk and everything it imports statically, depth first, each once. */
function withStaticImports(fileName: string, chunks: Map<string, ChunkWithCss>, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const dep of chunks.get(fileName)?.imports ?? []) withStaticImports(dep, chunks, seen);
  return seen;
}

function entryOf(chunks: Map<string, ChunkWithCss>): ChunkWithCss | undefined {
  return [...chunks.values()].find((c) => c.isEntry);
}

function bootOf(chunks: Map<string, ChunkWithCss>): string | undefined {
  return [...chunks.values()].find((c) => c.facadeModuleId && BOOT_MODULE.test(c.facadeModuleId))?.fileName;
}

/** The chunks a page of the app runs beyond the entry: the boot chunk, the app chunk and their static imports. */
function pageChunks(appChunk: string, chunks: Map<string, ChunkWithCss>): string[] {
  const entry = entryOf(chunks);
  const already = entry ? withStaticImports(entry.fileName, chunks) : new Set<string>();
  const boot = bootOf(chunks);
  const files = new Set<string>();
  for (const root of [...(boot ? [boot] : []), appChunk]) for (const f of withStaticImports(root, chunks)) files.add(f);
  return [...files].filter((f) => !already.has(f));
}

const cssOf = (files: Iterable<string>, chunks: Map<string, ChunkWithCss>) =>
  [...new Set([...files].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]))];

/** The tags that let the browser fetch an app's page code in parallel with the entry. */
export function preloadTags(appChunk: string, chunks: Map<string, ChunkWithCss>): string {
  const files = pageChunks(appChunk, chunks);
  return [
    ...cssOf(files, chunks).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
}

/** Every stylesheet the app's landing page draws with, in cascade order: the entry's, then the page's. */
export function pageStylesheets(appChunk: string, chunks: Map<string, ChunkWithCss>): string[] {
  const entry = entryOf(chunks);
  const entryFiles = entry ? withStaticImports(entry.fileName, chunks) : [];
  return [...new Set([...cssOf(entryFiles, chunks), ...cssOf(pageChunks(appChunk, chunks), chunks)])];
}

export function homePages(): Plugin {
  let root = '.';
  let outDir = 'dist';
  let configFile: string | false = false;
  let cacheDir = 'node_modules/.cache/chi-prerender';
  return {
    name: 'chi:home-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
      configFile = config.configFile ?? false;
      cacheDir = join(config.root, 'node_modules', '.cache', 'chi-prerender');
    },
    // index.html is on disk by now; precompress (closeBundle) compresses the files written here.
    async writeBundle(_options, bundle) {
      const index = await readFile(join(outDir, 'index.html'), 'utf8');
      const chunks = chunksOf(bundle);
      const appChunks = new Map<string, string>();
      for (const fileName of chunks.keys()) {
        const app = APP_CHUNK.exec(fileName)?.[1];
        if (!app) continue;
        appChunks.set(app, fileName);
        const html = index.replace('</head>', `  ${preloadTags(fileName, chunks)}\n  </head>`);
        await writeFile(join(outDir, `home-${app}.html`), html);
      }
      const pages = await renderLandingPages(root, configFile, cacheDir);
      await writePrerendered(outDir, index, pages, (app) => {
        const appChunk = appChunks.get(app);
        if (!appChunk) throw new Error(`The build has no chunk chi-${app} for the prerendered page of ${app}`);
        return { stylesheets: pageStylesheets(appChunk, chunks), chunks: pageChunks(appChunk, chunks) };
      });
      this.info?.(`prerendered ${pages.length} landing pages`);
    },
  };
}

/**
 * Writes `dist/home-<app>.html` for every sub-app: index.html plus `<link rel="modulepreload">`
 * for the app's lazy `chi-<app>` chunk and every chunk it imports statically, and its
 * stylesheets. Without them the browser learns of those files only after index.js has run and
 * asked for the app chunk, which then asks for its own imports: a chain of round trips before
 * the first paint (ADR 012). The server sends each host its app's file
 * (apps/server/src/http/static-client.ts); index.html stays for anything else.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

const APP_CHUNK = /^assets\/chi-([a-z]+)-[^/]+\.js$/;

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

/** The tags that let the browser fetch an app's home code in parallel with the entry. */
export function preloadTags(appChunk: string, chunks: Map<string, ChunkWithCss>): string {
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const already = entry ? withStaticImports(entry.fileName, chunks) : new Set<string>();
  const files = [...withStaticImports(appChunk, chunks)].filter((f) => !already.has(f));
  const css = new Set(files.flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]));
  return [
    ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
}

export function homePages(): Plugin {
  let outDir = 'dist';
  return {
    name: 'chi:home-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // index.html is on disk by now; precompress (closeBundle) compresses the files written here.
    async writeBundle(_options, bundle) {
      const index = await readFile(join(outDir, 'index.html'), 'utf8');
      const chunks = chunksOf(bundle);
      for (const fileName of chunks.keys()) {
        const app = APP_CHUNK.exec(fileName)?.[1];
        if (!app) continue;
        const html = index.replace('</head>', `  ${preloadTags(fileName, chunks)}\n  </head>`);
        await writeFile(join(outDir, `home-${app}.html`), html);
      }
    },
  };
}

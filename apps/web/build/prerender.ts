/**
 * Build-time prerender of every app's landing page, per language (ADR 023). The page's HTML is
 * rendered by the app's own components (`src/prerender.tsx`, built for Node with this same Vite
 * config so CSS-module class names match the client's), then written into
 * `home-<app>.<language>.html` with the rules of its stylesheets it can use inlined (critical-css.ts), so the largest
 * text paints from the HTML alone, before any JavaScript is fetched. `prerendered.json` tells
 * the server which path of which host each file is for (apps/server/src/http/static-client.ts).
 *
 * When the page renders differently by width (it asked `matchMedia`), every width class is in
 * the HTML, each shown by a media query at the very breakpoint the page asked about, so a phone
 * and a desktop each see the variant their first client render will draw.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'vite';
import { criticalCss, pageTokens } from './critical-css';
import { WIDTH_VARIANT_ATTRIBUTE } from '../src/shell/prerender-marker';

const run = promisify(execFile);

/** `prerendered.json`: app id → the path its file is for and the languages written. */
export type PrerenderManifest = Record<string, { path: string; languages: string[] }>;

export const PRERENDER_MANIFEST = 'prerendered.json';

/** What `src/prerender.tsx` answers (kept in step with its PrerenderedPage). */
export interface PrerenderedPage {
  app: string;
  path: string;
  language: string;
  htmlLang: string;
  variants: { minWidth: { px: number; css: string } | null; html: string }[];
  /** Static answers outside `#root` (the login dialog, ADR 075). */
  dialogs?: string;
}

export function prerenderFile(app: string, language: string): string {
  return `home-${app}.${language}.html`;
}

/**
 * Builds `src/prerender.tsx` for Node into `cacheDir` (under node_modules, so its bare imports
 * resolve to the installed packages) and renders every landing page in a separate Node process:
 * the render stubs `window.matchMedia`, which must not leak into the build's own process.
 */
export async function renderLandingPages(root: string, configFile: string | false, cacheDir: string): Promise<PrerenderedPage[]> {
  await build({
    root,
    configFile,
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: cacheDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
    // The contract is TypeScript source: bundle it rather than ask Node to import it.
    ssr: { noExternal: ['@chi/contract'] },
  });
  const entry = pathToFileURL(join(cacheDir, 'prerender.mjs')).href;
  const script = `const m = await import(${JSON.stringify(entry)}); process.stdout.write(JSON.stringify(await m.prerenderAll()));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return JSON.parse(stdout) as PrerenderedPage[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The `#root` content and the rules that show one width variant per screen. The variants are
 * usable as they are: links are followed, and a tap or typing is carried over to the live page
 * once the person's first gesture has started it (ADR 040, src/shell/live-on-intent.ts; until
 * then they were `inert`, ADR 023).
 */
export function variantMarkup(variants: PrerenderedPage['variants']): { body: string; css: string } {
  const attr = WIDTH_VARIANT_ATTRIBUTE;
  const body = variants.map((v, i) => `<div ${attr}="${i}">${v.html}</div>`).join('');
  if (variants.length === 1) return { body, css: '' };
  const show = (index: number) =>
    variants.map((_, i) => `[${attr}="${i}"]{display:${i === index ? 'block' : 'none'}}`).join('');
  const css = [
    show(0),
    ...variants.flatMap((v, i) => (i > 0 && v.minWidth ? [`@media (min-width:${v.minWidth.css}){${show(i)}}`] : [])),
  ].join('\n');
  return { body, css };
}

/**
 * index.html (as built: the entry script and its stylesheet link) turned into the prerendered
 * page: the page's language, the stylesheets inlined in their order (their links dropped), the
 * rendered markup in `#root` with the mark the client checks and the chunks it fetches once the
 * page is painted (src/shell/prerender-marker.ts).
 */
export function prerenderedHtml(
  index: string,
  page: PrerenderedPage,
  stylesheets: readonly { file: string; css: string }[],
  preload: readonly string[],
): string {
  const { body, css } = variantMarkup(page.variants);
  let html = index.replace(/<html lang="[^"]*"/, `<html lang="${escapeAttribute(page.htmlLang)}"`);
  for (const { file } of stylesheets) {
    html = html.replace(new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`), '');
  }
  const styles = [...stylesheets.map((s) => s.css), css].filter(Boolean).join('\n');
  html = html.replace('</head>', `  <style>${styles}</style>\n  </head>`);
  const mark = escapeAttribute(`${page.app} ${page.path}`);
  const chunks = escapeAttribute(preload.map((f) => `/${f}`).join(' '));
  const replaced = html.replace(/<div id="root"><\/div>/, `<div id="root" data-prerendered="${mark}" data-preload="${chunks}">${body}</div>${page.dialogs ?? ''}`);
  if (replaced === html) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  return replaced;
}

/** Writes every prerendered page and the manifest; returns the manifest. */
export async function writePrerendered(
  outDir: string,
  index: string,
  pages: readonly PrerenderedPage[],
  filesOf: (app: string) => { stylesheets: string[]; chunks: string[] },
): Promise<PrerenderManifest> {
  const manifest: PrerenderManifest = {};
  const cssCache = new Map<string, string>();
  const read = async (file: string) => {
    const cached = cssCache.get(file);
    if (cached !== undefined) return cached;
    const css = await readFile(join(outDir, file), 'utf8');
    cssCache.set(file, css);
    return css;
  };
  for (const page of pages) {
    const files = filesOf(page.app);
    // Only the rules this page's markup can use are inlined; the whole files load after the paint.
    const tokens = pageTokens(`<html data-mantine-color-scheme="light">${page.variants.map((v) => v.html).join('')}${page.dialogs ?? ''}`);
    const stylesheets = await Promise.all(files.stylesheets.map(async (file) => ({ file, css: criticalCss(await read(file), tokens) })));
    const html = prerenderedHtml(index, page, stylesheets, [...files.chunks, ...files.stylesheets]);
    await writeFile(join(outDir, prerenderFile(page.app, page.language)), html);
    const entry = (manifest[page.app] ??= { path: page.path, languages: [] });
    entry.languages.push(page.language);
  }
  await writeFile(join(outDir, PRERENDER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

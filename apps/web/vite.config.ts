import { defineConfig } from 'vite';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { homePages } from './build/home-pages';
import { precompress } from './build/precompress';
import { openApiDocument } from './build/openapi-document';
import { contractFingerprintDefine } from './build/contract-fingerprint';

// Each sub-app's `src/apps/<app>/routes.tsx` is a lazy chunk; SPEC §2 names them `chi-<app>`,
// so the server logs and the bench can tell which app a file belongs to.
const APP_ENTRY = /[\\/]src[\\/]apps[\\/]([a-z]+)[\\/]routes\.tsx$/;

const ZOD_CORE = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

/**
 * Zod 4 probes `new Function('')` once, when the first object schema is built, to see whether it
 * may compile fast parsers. Our Content-Security-Policy forbids eval (`script-src 'self'`, strict
 * on purpose), so the probe throws (caught), yet Chromium reports a CSP violation in DevTools'
 * Issues on every page load (Lighthouse's best practices count it). Zod skips the probe under
 * `jitless`, but `z.config()` would run too late: the contract builds its schemas while its chunk
 * loads. Zod reads its config from `globalThis.__zod_globalConfig` and keeps an object found
 * there, so the chunk holding zod's core sets it first, before any schema exists.
 */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const MERGE_REFS = fileURLToPath(new URL('./src/ui/merge-refs.ts', import.meta.url));

/**
 * Mantine's ScrollArea (inside every Table) takes one small hook from @floating-ui/react. Once the
 * header's user menu uses floating-ui for real, that shared module lands whole in every Table
 * page's first load (~12 KB gzipped; the API pages went over the 180 KB budget). The hook is
 * served from src/ui/merge-refs.ts instead, so floating-ui loads only with menus and popovers.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'chi:scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer) ? MERGE_REFS : null;
    },
  };
}

/**
 * The build's git commit, baked in as `import.meta.env.VITE_CHI_COMMIT`: a participant's
 * session context records which app version they ran (issue 17, ADR 026). CHI_COMMIT wins
 * (a build from an exported tree); without git the version says so.
 */
function buildCommit(): string {
  if (process.env.CHI_COMMIT) return process.env.CHI_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  define: { 'import.meta.env.VITE_CHI_COMMIT': JSON.stringify(buildCommit()) },
  plugins: [react(), scrollAreaWithoutFloatingUi(), openApiDocument(), contractFingerprintDefine(), homePages(), precompress()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        intro: (chunk) => (chunk.moduleIds.some((id) => ZOD_CORE.test(id)) ? ZOD_JITLESS : ''),
        chunkFileNames(chunk) {
          const match = chunk.facadeModuleId ? APP_ENTRY.exec(chunk.facadeModuleId) : null;
          return match ? `assets/chi-${match[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});

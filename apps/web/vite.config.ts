import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { precompress } from './build/precompress';

// Each sub-app's `src/apps/<app>/routes.tsx` is a lazy chunk; SPEC §2 names them `chi-<app>`,
// so the server logs and the bench can tell which app a file belongs to.
const APP_ENTRY = /[\\/]src[\\/]apps[\\/]([a-z]+)[\\/]routes\.tsx$/;

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

export default defineConfig({
  plugins: [react(), scrollAreaWithoutFloatingUi(), precompress()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rollupOptions: {
      output: {
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

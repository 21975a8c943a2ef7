import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Each sub-app's `src/apps/<app>/routes.tsx` is a lazy chunk; SPEC §2 names them `chi-<app>`,
// so the server logs and the bench can tell which app a file belongs to.
const APP_ENTRY = /[\\/]src[\\/]apps[\\/]([a-z]+)[\\/]routes\.tsx$/;

export default defineConfig({
  plugins: [react()],
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

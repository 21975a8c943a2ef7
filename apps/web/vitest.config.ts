import { defineConfig } from 'vitest/config';
import { openApiDocument } from './build/openapi-document';

export default defineConfig({
  // The API pages import the reference built from the contract (build/openapi-document.ts).
  plugins: [openApiDocument()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // One module graph and one jsdom per worker, not per file (ADR 039, amendment h18): a fresh
    // jsdom and graph per file were most of the project's time. src/test/setup.ts empties what a
    // test leaves behind (the DOM, both storages, the shell's stores) after every test.
    isolate: false,
    // jsdom renders of Mantine pages take seconds on a busy two-core machine; 5 s (the default)
    // failed tests that were right, only slow. No test here waits for time.
    testTimeout: 20_000,
  },
});

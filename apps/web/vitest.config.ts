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
    // A module graph and a jsdom per file (Vitest's default). Sharing them per worker took the
    // project from 5:17 to under a minute, but shuffled orders still fail (ADR 039, amendment
    // h18); src/test/setup.ts already empties what a test leaves behind, for when they pass.
    // jsdom renders of Mantine pages take seconds on a busy two-core machine; 5 s (the default)
    // failed tests that were right, only slow. No test here waits for time.
    testTimeout: 20_000,
  },
});

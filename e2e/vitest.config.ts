import { defineConfig } from 'vitest/config';
import { SummaryReporter } from '../tools/summary-reporter.ts';

/**
 * End-to-end suite: real server processes, real headless Chromium. Spec files run in parallel
 * (E2E_WORKERS, default 2): each starts its own server on a port the OS picks, with its own
 * temporary DATA_DIR, and its own browser, so files share no port, folder or cookie jar.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    reporters: ['default', new SummaryReporter('End-to-end')],
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

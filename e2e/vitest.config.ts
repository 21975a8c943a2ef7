import { defineConfig } from 'vitest/config';
import { SummaryReporter } from '../tools/summary-reporter.ts';

/** End-to-end suite: real server processes, real headless Chromium, one file at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    reporters: ['default', new SummaryReporter('End-to-end')],
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

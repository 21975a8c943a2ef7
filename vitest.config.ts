import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './tools/summary-reporter.ts';

export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter('Tests')],
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'architecture',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});

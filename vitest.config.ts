import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './tools/summary-reporter.ts';

export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter('Tests')],
    // Vitest's default is one worker fewer than the cores: one on the two-core CI machine. Two
    // let the web, contract and architecture files run beside the server files (VITEST_MAX_WORKERS
    // to change it). The server files stay one at a time: a test's clean-up drops its PostgreSQL
    // schema, and Kysely's migrator, listing every schema's tables, fails with "schema … does not
    // exist" when another worker drops one during that query (seen with two server workers).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
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
          // argon2 at its smallest cost in tests (the file says why).
          setupFiles: ['apps/server/src/test/cheap-argon2.ts'],
          maxWorkers: 1,
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

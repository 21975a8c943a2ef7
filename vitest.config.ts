import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './tools/summary-reporter.ts';

export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter('Tests')],
    // Vitest's default is one worker fewer than the cores: one on the two-core CI machine. Two
    // (VITEST_MAX_WORKERS to change it) let two files run at once, server files too: each worker
    // has a PostgreSQL database of its own (test-app.ts says why).
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
          // One module graph per worker, not per file: every file imports the whole app, and
          // importing it again per file took 234 of the project's 272 s (116 files). The files
          // share no state through modules: each builds its own app over its own database.
          isolate: false,
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

import { defineConfig } from 'vitest/config';
import { SummaryReporter } from '../tools/summary-reporter.ts';

/**
 * Spec files that must not share the machine with another spec: they stop their server
 * mid-game and restart it on the same port, which a neighbour's server (or any outgoing
 * connection's ephemeral port) could take meanwhile, and in parallel runs on a loaded machine
 * the outage test lost rows. They run one at a time, after the others, so each holds only its
 * restarting tests: the rest of those features' tests are in files that run in parallel.
 */
const RUN_ALONE = ['delphi-resilience.e2e.ts', 'delphi-morning-memo.e2e.ts', 'showcase-durability.e2e.ts', 'delphi-two-tabs.e2e.ts', 'study-day.e2e.ts'];

/**
 * End-to-end suite: real server processes, real headless Chromium. Spec files run in parallel
 * (E2E_WORKERS, default 2): each starts its own server on a port the OS picks, with its own
 * temporary DATA_DIR, and its own browser, so files share no port, folder or cookie jar.
 */
export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter('End-to-end')],
    root: import.meta.dirname,
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['**/*.e2e.ts'],
          exclude: ['**/node_modules/**', ...RUN_ALONE],
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: RUN_ALONE,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

/**
 * Test helper: another "server process" on the same database and DATA_DIR as a TestApp,
 * with its own connection (pool) and its own app, as a second process behind a load
 * balancer would have. Closing it leaves the shared database to the first app's cleanup.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { BuildAppOptions } from '../app';
import { createDatabase } from '../db/database';
import type { Database } from '../db/database';
import type { TestApp } from './test-app';

export interface SecondApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  /** A TestApp view of this process, for helpers that take one (same DATA_DIR and config). */
  readonly view: TestApp;
  close(): Promise<void>;
}

export function createSecondApp(first: TestApp, build: Pick<BuildAppOptions, 'now' | 'jobPollMs' | 'storage'> = {}): SecondApp {
  const database = createDatabase(first.config);
  const app = buildApp({ ...build, config: first.config, database, logger: { level: 'silent' } });
  const close = async () => {
    await app.close();
    await database.destroy();
  };
  return { app, database, view: { ...first, app, database, close }, close };
}

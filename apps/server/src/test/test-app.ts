/**
 * Test helper: a migrated app over a real database, isolated per call. SQLite gets a file in
 * a fresh temporary DATA_DIR; PostgreSQL (when TEST_DATABASE_URL is set) a fresh schema in
 * the worker's own database, dropped on close, so test files running in parallel never share tables.
 *
 *   describe.each(TEST_DIALECTS)('health (%s)', (dialect) => {
 *     let t: TestApp;
 *     beforeAll(async () => { t = await createTestApp(dialect); });
 *     afterAll(() => t.close());
 *     ...t.app.inject(...)
 *   });
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { XHR_HEADER, XHR_HEADER_VALUE } from '@chi/contract';
import { buildApp } from '../app';
import type { BuildAppOptions } from '../app';
import { loadConfig } from '../config';
import type { Config, Environment, LogLevel } from '../config';
import { createDatabase } from '../db/database';
import type { Database, Dialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { LogStream } from '../http/logging';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with `describe.each`. */
export const TEST_DIALECTS: readonly Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Headers the web client sends on every call (state-changing calls need them). */
export const XHR_HEADERS: Readonly<Record<string, string>> = { [XHR_HEADER.toLowerCase()]: XHR_HEADER_VALUE };

export interface TestDatabase {
  readonly config: Config;
  readonly database: Database;
  readonly dataDir: string;
  /** Destroys the connection, drops the PostgreSQL schema and deletes DATA_DIR. */
  cleanup(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment variables, e.g. `{ STUDY_PARENT_ORIGINS: 'https://study.example' }`. */
  readonly env?: Environment;
  /** Capture log lines here (the level defaults to `info` then, else `silent`). */
  readonly logStream?: LogStream;
  readonly logLevel?: LogLevel;
  /** Extra buildApp options, e.g. a `userData` registry with test hooks. */
  readonly build?: Pick<BuildAppOptions, 'userData' | 'mailer' | 'now' | 'storage' | 'imageFetch'>;
}

export interface TestApp extends TestDatabase {
  readonly app: FastifyInstance;
  /** Closes the app, then cleans up the database and DATA_DIR. */
  close(): Promise<void>;
}

let workerDatabase: Promise<string> | undefined;

/**
 * TEST_DATABASE_URL's server, in a database of this Vitest worker's own (`<name>_w<pool id>`,
 * made on first use, kept for the next run). Server test files then run in parallel: in one
 * shared database, Kysely's migrator, listing every schema's tables, failed with "schema … does
 * not exist" when another file dropped its schema during that query; and PostgreSQL's advisory
 * locks, which a database's sessions share across schemas, stay each worker's own.
 */
export function testDatabaseUrl(): Promise<string> {
  if (!TEST_DATABASE_URL) return Promise.reject(new Error('PostgreSQL tests need TEST_DATABASE_URL'));
  workerDatabase ??= ensureWorkerDatabase(TEST_DATABASE_URL);
  return workerDatabase;
}

async function ensureWorkerDatabase(base: string): Promise<string> {
  const worker = process.env.VITEST_POOL_ID;
  if (!worker || !/^\d+$/.test(worker)) return base;
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}_w${worker}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // 42P04: made by an earlier run.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.href;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  // A separate connection: the app's pool may already be destroyed (or be the thing under test).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** A database with its own DATA_DIR (and schema), not yet migrated. */
export async function createTestDatabase(dialect: Dialect, env: Environment = {}): Promise<TestDatabase> {
  const databaseUrl = dialect === 'postgres' ? await testDatabaseUrl() : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-server-test-'));
  // Built from scratch, not from process.env, so a developer's own settings never leak in.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Deterministic whatever apps/web/dist holds; static-client tests point it at a fixture.
    WEB_DIST_DIR: join(dataDir, 'web-dist-not-built'),
    ...(dialect === 'postgres'
      ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: `test_${randomBytes(8).toString('hex')}` }
      : {}),
    ...env,
  });
  const database = createDatabase(config);
  return {
    config,
    database,
    dataDir,
    cleanup: async () => {
      await database.destroy().catch(() => undefined);
      if (config.database.dialect === 'postgres' && config.databaseSchema) {
        await dropSchema(config.database.url, config.databaseSchema);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A migrated app over a fresh database. Register test-only routes before the first inject. */
export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase(dialect, options.env);
  try {
    await migrateToLatest(testDatabase.database);
  } catch (error) {
    await testDatabase.cleanup();
    throw error;
  }
  const app = buildApp({
    ...options.build,
    config: testDatabase.config,
    database: testDatabase.database,
    logger: {
      level: options.logLevel ?? (options.logStream ? 'info' : 'silent'),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
  });
  return {
    ...testDatabase,
    app,
    close: async () => {
      await app.close();
      await testDatabase.cleanup();
    },
  };
}

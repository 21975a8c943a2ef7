/**
 * One Kysely instance over SQLite (default, embedded) or PostgreSQL (the scale-out path),
 * chosen by the configuration. Queries are written once and run on both dialects.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { DatabaseSchema } from './schema';
import { markDriverError, markingDriverErrors } from './driver-errors';
import { checkpointInBackground } from './sqlite-checkpointer';
import { cacheStatements } from './sqlite-statement-cache';

export type Dialect = 'sqlite' | 'postgres';

/** How to reach a database: what another thread needs to open its own connection to it (the export worker, ADR 070). */
export type DatabaseSource = Pick<Config, 'database' | 'databaseSchema'>;

export interface Database {
  readonly db: Kysely<DatabaseSchema>;
  readonly dialect: Dialect;
  /** PostgreSQL schema the pool is pinned to, if any. */
  readonly schema?: string;
  /** Where the data lives, for humans: a file path or `host:port/database` (never a password). */
  readonly description: string;
  /** How this database was opened (a file or a URL and schema): another thread opens its own connection with it. */
  readonly source: DatabaseSource;
  /**
   * Runs a compiled SELECT and answers its rows as arrays, the columns in the query's order:
   * for bulk reads (the export's million rows), where building an object per row cost more
   * than the database's own work. Same connection handling as Kysely; everything else uses Kysely.
   */
  readArrays(query: CompiledQuery): Promise<unknown[][]>;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called when an idle pooled connection fails; without a listener pg would crash the process. */
  onConnectionError?: (error: Error) => void;
  /** Only reads: SQLite opens the file read-only (its WAL mode is already set by the server). */
  readOnly?: boolean;
  /** PostgreSQL: connections in the pool (10 by default). */
  maxConnections?: number;
  /** SQLite: WAL checkpoints in a thread of their own, not after the server's commits (the server's process, ADR 078). */
  checkpointInBackground?: boolean;
  /** Called when that thread reports a failed checkpoint or stops. */
  onCheckpointProblem?: (message: string) => void;
}

function describePostgres(url: string, schema: string | undefined): string {
  const parsed = new URL(url);
  const where = `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  return `postgres ${where}${schema ? ` (schema ${schema})` : ''}`;
}

/** better-sqlite3's raw mode, on statements of its own (raw mode is a statement's state: Kysely's must stay objects). */
function sqliteArrayReader(prepare: SqliteDatabase.Database['prepare'], limit = 100): (query: CompiledQuery) => Promise<unknown[][]> {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return async (query) => {
    let statement = cache.get(query.sql);
    if (!statement) {
      statement = prepare(query.sql).raw(true);
      if (cache.size >= limit) cache.clear();
      cache.set(query.sql, statement);
    }
    return statement.all(...query.parameters) as unknown[][];
  };
}

function createSqlite(file: string, source: DatabaseSource, readOnly: boolean, options: DatabaseOptions): Database {
  const connection = new SqliteDatabase(file, { readonly: readOnly, fileMustExist: readOnly });
  if (readOnly) {
    // A reader beside the server's connection (another thread): the file's WAL mode is the server's.
    connection.pragma('busy_timeout = 5000');
    const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: connection }) });
    return { db, dialect: 'sqlite', description: file, source, readArrays: sqliteArrayReader(connection.prepare.bind(connection)), destroy: () => db.destroy() };
  }
  // WAL lets readers proceed during a write; busy_timeout makes a second process wait, not fail.
  connection.pragma('journal_mode = WAL');
  // Stated, not left to a build flag (ADR 006): our better-sqlite3 build happens to default
  // WAL files to NORMAL, plain SQLite to FULL (an fsync per commit, ~4x the cost of a logged
  // response's insert). With WAL, NORMAL keeps every acknowledged commit across a crash or
  // kill of the server process; only an OS crash or power loss can lose the last commits.
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  const checkpointer = options.checkpointInBackground && !connection.memory
    ? checkpointInBackground(connection, file, options.onCheckpointProblem ? { onProblem: options.onCheckpointProblem } : {})
    : undefined;
  const { prepareFresh } = cacheStatements(connection);
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: connection }) });
  const destroy = async () => {
    await checkpointer?.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', description: file, source, readArrays: sqliteArrayReader(prepareFresh), destroy };
}

function createPostgres(url: string, schema: string | undefined, source: DatabaseSource, options: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // A database that is away must not hold a request: opening a connection (or waiting for a
    // free one) gives up after 5 s, and the call is answered 503 (db/unavailable.ts, ADR 067).
    connectionTimeoutMillis: 5_000,
    // A peer that vanished without closing (failover, a dropped link) is noticed by TCP keepalive.
    keepAlive: true,
    // Names this server's connections in pg_stat_activity (an operator, or a test, can find them).
    application_name: schema ? `chi-server ${schema}` : 'chi-server',
    // Pinning search_path on every connection makes unqualified table names resolve in the schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (error) => options.onConnectionError?.(error));
  // pg-pool listens for errors only on idle clients: a connection lost while a client is checked
  // out (a query running, a transaction between statements, e.g. the database restarting)
  // emits 'error' with no listener, which crashes the process. The query in flight gets the
  // error too (answered 503, db/unavailable.ts) and the broken client is dropped on release,
  // so this listener only keeps the process alive (ADR 067).
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onConnectionError?.(error));
  });
  // Only errors thrown by this driver can mean "the database is away" (db/unavailable.ts): a
  // model endpoint's or an image host's ECONNREFUSED keeps its own meaning.
  const db = new Kysely<DatabaseSchema>({ dialect: markingDriverErrors(new PostgresDialect({ pool })) });
  return {
    db,
    dialect: 'postgres',
    ...(schema ? { schema } : {}),
    description: describePostgres(url, schema),
    source,
    readArrays: async (query) => {
      try {
        const result = await pool.query({ text: query.sql, values: [...query.parameters], rowMode: 'array' });
        return result.rows as unknown[][];
      } catch (error) {
        throw markDriverError(error);
      }
    },
    destroy: () => db.destroy(),
  };
}

export function createDatabase(
  config: DatabaseSource,
  options: DatabaseOptions = {},
): Database {
  const source: DatabaseSource = { database: config.database, ...(config.databaseSchema !== undefined ? { databaseSchema: config.databaseSchema } : {}) };
  return config.database.dialect === 'sqlite'
    ? createSqlite(config.database.file, source, options.readOnly ?? false, options)
    : createPostgres(config.database.url, config.databaseSchema, source, options);
}

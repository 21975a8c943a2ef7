/**
 * Which errors came out of the database driver. A socket error code (ECONNREFUSED, ECONNRESET,
 * …) says only that *some* connection failed: a model endpoint, an image host or a file store
 * raises the same codes. `db/unavailable.ts` answers "the database is away" (503, Retry-After)
 * only for errors marked here, which are the ones thrown by the Kysely driver we give the
 * database: acquiring a pooled connection, running a query, or a transaction's BEGIN, COMMIT,
 * ROLLBACK and savepoints. The mark is a WeakSet entry: the error object itself is not changed.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

const fromDriver = new WeakSet<object>();

/** Marks `error` as thrown by the database driver; answers it, for `throw markDriverError(e)`. */
export function markDriverError<E>(error: E): E {
  if (typeof error === 'object' && error !== null) fromDriver.add(error);
  return error;
}

/** Whether `error` itself (not what it wraps) was thrown by the database driver. */
export function isDriverError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && fromDriver.has(error);
}

async function marked<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw markDriverError(error);
  }
}

class MarkingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return marked(() => this.inner.executeQuery<R>(compiledQuery));
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } catch (error) {
      throw markDriverError(error);
    }
  }
}

const innerOf = (connection: DatabaseConnection) => (connection instanceof MarkingConnection ? connection.inner : connection);

class MarkingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return marked(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new MarkingConnection(await marked(() => this.inner.acquireConnection()));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return marked(() => this.inner.beginTransaction(innerOf(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return marked(() => this.inner.commitTransaction(innerOf(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return marked(() => this.inner.rollbackTransaction(innerOf(connection)));
  }

  savepoint(connection: DatabaseConnection, name: string, compileQuery: Parameters<NonNullable<Driver['savepoint']>>[2]): Promise<void> {
    const { inner } = this;
    if (!inner.savepoint) throw new Error('savepoints are not supported by this driver');
    return marked(() => inner.savepoint!(innerOf(connection), name, compileQuery));
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2]): Promise<void> {
    const { inner } = this;
    if (!inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this driver');
    return marked(() => inner.rollbackToSavepoint!(innerOf(connection), name, compileQuery));
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: Parameters<NonNullable<Driver['releaseSavepoint']>>[2]): Promise<void> {
    const { inner } = this;
    if (!inner.releaseSavepoint) throw new Error('savepoints are not supported by this driver');
    return marked(() => inner.releaseSavepoint!(innerOf(connection), name, compileQuery));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with every error its driver throws marked as a database error. */
export function markingDriverErrors(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new MarkingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

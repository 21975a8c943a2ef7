/**
 * Prepared statements kept per SQL text for one better-sqlite3 connection (ADR 006, ADR 070).
 * Kysely's SQLite driver calls `connection.prepare(sql)` for every query, and preparing costs
 * more than running a small query: reusing the statement took the game logging call from
 * ~1.0 to ~0.7 ms of CPU. The cache is an LRU of `limit` statements, so ad-hoc SQL (a query
 * built with varying `in (…)` lists) cannot grow it forever and the hot path's statements stay.
 *
 * A statement that is `busy` (its `iterate()` is still being consumed, as Kysely's `stream()`
 * does) cannot run again until that iteration ends: the caller then gets a fresh statement,
 * which is not cached, so the streaming one is never handed out twice at once.
 */
import type SqliteDatabase from 'better-sqlite3';

type Prepare = SqliteDatabase.Database['prepare'];

export interface StatementCache {
  /** The cached `prepare`, installed on the connection (what Kysely's driver calls). */
  readonly prepare: Prepare;
  /** The connection's own `prepare`, uncached: for statements whose mode is changed (raw, pluck). */
  readonly prepareFresh: Prepare;
  /** How many statements are kept now (tests). */
  readonly size: () => number;
}

export function cacheStatements(connection: SqliteDatabase.Database, limit = 500): StatementCache {
  const prepareFresh = connection.prepare.bind(connection) as Prepare;
  // A Map iterates in insertion order: re-inserting on each use keeps the least recent first.
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached) {
      if (cached.busy) return prepareFresh(source);
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepareFresh(source);
    if (cache.size >= limit) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(source, statement);
    return statement;
  }) as Prepare;
  connection.prepare = prepare;
  return { prepare, prepareFresh, size: () => cache.size };
}

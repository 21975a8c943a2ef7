/** The SQLite statement cache: reused per SQL text, never handed out while it iterates, bounded. */
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheStatements } from './sqlite-statement-cache';

describe('SQLite statement cache', () => {
  const open: SqliteDatabase.Database[] = [];
  const connect = () => {
    const connection = new SqliteDatabase(':memory:');
    open.push(connection);
    connection.exec('create table t (n integer); insert into t values (1), (2), (3)');
    return connection;
  };
  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
  });

  it('answers the same statement for the same SQL text', () => {
    const connection = connect();
    const cache = cacheStatements(connection);
    const first = connection.prepare('select n from t where n = ?');
    expect(connection.prepare('select n from t where n = ?')).toBe(first);
    expect(connection.prepare('select n from t')).not.toBe(first);
    expect(first.get(2)).toEqual({ n: 2 });
    expect(cache.size()).toBe(2);
  });

  it('prepares a fresh statement while the cached one is iterating, and keeps the cached one', () => {
    const connection = connect();
    cacheStatements(connection);
    const text = 'select n from t order by n';
    const cached = connection.prepare(text);
    const iterating = cached.iterate();
    expect(iterating.next().value).toEqual({ n: 1 });
    expect(cached.busy).toBe(true);
    const other = connection.prepare(text);
    expect(other).not.toBe(cached);
    expect(other.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    // The interrupted iteration goes on where it was.
    expect([...iterating]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(connection.prepare(text)).toBe(cached);
  });

  it('keeps at most `limit` statements, dropping the least recently used', () => {
    const connection = connect();
    const cache = cacheStatements(connection, 3);
    const a = connection.prepare('select 1');
    const b = connection.prepare('select 2');
    connection.prepare('select 3');
    // `select 1` used again: `select 2` is now the least recent and goes first.
    expect(connection.prepare('select 1')).toBe(a);
    connection.prepare('select 4');
    expect(cache.size()).toBe(3);
    expect(connection.prepare('select 1')).toBe(a);
    expect(connection.prepare('select 2')).not.toBe(b);
  });

  it('leaves the uncached prepare for statements whose mode changes', () => {
    const connection = connect();
    const cache = cacheStatements(connection);
    const raw = cache.prepareFresh('select n from t where n = ?').raw(true);
    expect(raw.get(3)).toEqual([3]);
    expect(connection.prepare('select n from t where n = ?').get(3)).toEqual({ n: 3 });
    expect(cache.size()).toBe(1);
  });
});

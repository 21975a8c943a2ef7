/** How the SQLite file is opened: the durability a logged record gets must not depend on chance. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import type { TestDatabase } from '../test/test-app';
import { createDatabase } from './database';
import type { Database } from './database';
import { migrateToLatest } from './migrate';

async function pragma(database: Database, name: 'journal_mode' | 'synchronous' | 'foreign_keys'): Promise<unknown> {
  const { rows } = await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(database.db);
  return rows[0]?.[name];
}

describe('SQLite connection settings', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
    await migrateToLatest(t.database);
  });
  afterAll(() => t.cleanup());

  // NORMAL is set explicitly: SQLite's own default is FULL, our better-sqlite3 build's NORMAL.
  it('uses WAL with synchronous NORMAL (1) and foreign keys on a new file', async () => {
    expect(await pragma(t.database, 'journal_mode')).toBe('wal');
    expect(await pragma(t.database, 'synchronous')).toBe(1);
    expect(await pragma(t.database, 'foreign_keys')).toBe(1);
  });

  it('uses the same settings when the file is opened again', async () => {
    const again = createDatabase(t.config);
    try {
      expect(await pragma(again, 'journal_mode')).toBe('wal');
      expect(await pragma(again, 'synchronous')).toBe(1);
      expect(await pragma(again, 'foreign_keys')).toBe(1);
    } finally {
      await again.destroy();
    }
  });

  it('keeps a committed row for the next connection, without a checkpoint in between', async () => {
    await t.database.db.insertInto('server_meta').values({ key: 'durable-check', value: 'kept' }).execute();
    const again = createDatabase(t.config);
    try {
      const row = await again.db.selectFrom('server_meta').select('value').where('key', '=', 'durable-check').executeTakeFirst();
      expect(row).toEqual({ value: 'kept' });
    } finally {
      await again.destroy();
    }
  });
});

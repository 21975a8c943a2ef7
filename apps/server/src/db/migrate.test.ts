import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createTestDatabase } from '../test/test-app';
import type { TestDatabase } from '../test/test-app';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations/index';

describe('migration list', () => {
  it('is in the order Kysely runs it (names sort the same way)', () => {
    const names = Object.keys(MIGRATIONS);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('0001-server-meta');
  });
});

describe.each(TEST_DIALECTS)('migrations (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.cleanup());

  it('creates server_meta and records when the server first started', async () => {
    expect(await migrateToLatest(t.database)).toEqual(Object.keys(MIGRATIONS));
    const row = await t.database.db
      .selectFrom('server_meta')
      .select(['key', 'value'])
      .where('key', '=', 'first_started_at')
      .executeTakeFirstOrThrow();
    expect(new Date(row.value).toISOString()).toBe(row.value);
  });

  it('is idempotent: a second run applies nothing and keeps the data', async () => {
    const before = await t.database.db.selectFrom('server_meta').selectAll().execute();
    expect(await migrateToLatest(t.database)).toEqual([]);
    expect(await t.database.db.selectFrom('server_meta').selectAll().execute()).toEqual(before);
  });

  it('enforces the primary key', async () => {
    await expect(
      t.database.db.insertInto('server_meta').values({ key: 'first_started_at', value: 'again' }).execute(),
    ).rejects.toThrow();
  });
});

if (TEST_DIALECTS.includes('postgres')) {
  describe('migrations in PostgreSQL schemas', () => {
    const open: TestDatabase[] = [];
    afterAll(async () => {
      await Promise.all(open.map((t) => t.cleanup()));
    });

    it('keep two schemas of one database apart', async () => {
      const first = await createTestDatabase('postgres');
      const second = await createTestDatabase('postgres');
      open.push(first, second);
      expect(await migrateToLatest(first.database)).toEqual(Object.keys(MIGRATIONS));
      // The second schema must migrate on its own even though the first already has Kysely's tables.
      expect(await migrateToLatest(second.database)).toEqual(Object.keys(MIGRATIONS));
      for (const t of [first, second]) {
        const tables = await sql<{ table_schema: string }>`
          select table_schema from information_schema.tables where table_name = 'server_meta'
            and table_schema = ${t.config.databaseSchema ?? ''}`.execute(t.database.db);
        expect(tables.rows).toHaveLength(1);
      }
    });
  });
}

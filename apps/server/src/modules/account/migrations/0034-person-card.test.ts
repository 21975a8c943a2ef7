/**
 * Migration 0034 moves the person card onto the account: what owners had put in their
 * `_Person` document (now immutable) is carried over, so no card loses what it showed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createTestDatabase } from '../../../test/test-app';
import type { TestDatabase } from '../../../test/test-app';
import { migrateTo, migrateToLatest } from '../../../db/migrate';
import { migrationBefore } from '../../../test/migration-before';

describe.each(TEST_DIALECTS)('migration 0034 (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.cleanup());

  it("carries each _Person document's programme, university and awards over to its account", async () => {
    await migrateTo(t.database, migrationBefore('0034-person-card'));
    const db = t.database.db;
    const at = '2026-11-24T00:00:00.000Z';
    const person = { first_name: 'A', last_name: 'B', password_hash: null, status: 'active' as const, created_at: at, updated_at: at };
    await db.insertInto('accounts').values({ ...person, id: 'ada', email: 'ada@example.org' } as never).execute();
    await db.insertInto('accounts').values({ ...person, id: 'bob', email: 'bob@example.org' } as never).execute();
    const data = JSON.stringify({ name: 'Ada', programme: 'MSc Maths', university: 'DTU', awards: ['Medal', 7, ''] });
    await db.insertInto('documents').values({ app_id: 'app', data_type: '_Person', id: 'ada', owner_id: 'ada', published: 0, data, created_at: at, updated_at: at }).execute();

    await migrateToLatest(t.database);
    const rows = await db.selectFrom('accounts').select(['id', 'programme', 'university', 'awards']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'ada', programme: 'MSc Maths', university: 'DTU', awards: '["Medal"]' },
      { id: 'bob', programme: '', university: '', awards: '[]' },
    ]);
  });
});

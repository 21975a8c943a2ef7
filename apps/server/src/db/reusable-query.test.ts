/** Queries compiled once and run with new values: right rows, right writes, on both dialects. */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createTestDatabase } from '../test/test-app';
import type { TestDatabase } from '../test/test-app';
import { migrateToLatest } from './migrate';
import { reusableQuery } from './reusable-query';
import type { DatabaseSchema } from './schema';

type Db = Kysely<DatabaseSchema>;

const upsertMeta = reusableQuery((db: Db, v: { key: string; value: string }) =>
  db.insertInto('server_meta').values({ key: v.key, value: v.value }).onConflict((oc) => oc.column('key').doNothing()),
);

const metaByKeys = reusableQuery((db: Db, v: { first: string; second: string }) =>
  db.selectFrom('server_meta').select(['key', 'value']).where('key', 'in', [v.first, v.second, 'never-a-key']).orderBy('key'),
);

describe.each(TEST_DIALECTS)('reusableQuery (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await migrateToLatest(t.database);
  });
  afterAll(() => t.cleanup());

  it('writes each call’s own values and reports whether the row was stored', async () => {
    const first = await upsertMeta(t.database.db, { key: 'rq-a', value: 'one' });
    const second = await upsertMeta(t.database.db, { key: 'rq-b', value: 'two' });
    const again = await upsertMeta(t.database.db, { key: 'rq-a', value: 'changed' });
    expect([first, second, again].map((r) => Number(r.numAffectedRows))).toEqual([1, 1, 0]);
    const rows = await t.database.db.selectFrom('server_meta').select(['key', 'value']).where('key', 'like', 'rq-%').orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'rq-a', value: 'one' },
      { key: 'rq-b', value: 'two' },
    ]);
  });

  it('answers the rows for each call’s values, with the builder’s constants kept', async () => {
    await upsertMeta(t.database.db, { key: 'rq-c', value: 'three' });
    expect((await metaByKeys(t.database.db, { first: 'rq-b', second: 'rq-c' })).rows).toEqual([
      { key: 'rq-b', value: 'two' },
      { key: 'rq-c', value: 'three' },
    ]);
    expect((await metaByKeys(t.database.db, { first: 'rq-a', second: 'rq-none' })).rows).toEqual([{ key: 'rq-a', value: 'one' }]);
  });

  it('runs inside a transaction and is rolled back with it', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await upsertMeta(trx, { key: 'rq-rolled-back', value: 'x' });
        expect((await metaByKeys(trx, { first: 'rq-rolled-back', second: 'rq-none' })).rows).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await metaByKeys(t.database.db, { first: 'rq-rolled-back', second: 'rq-none' })).rows).toEqual([]);
  });

  it('runs the database’s compiled query inside a transaction given as runIn', async () => {
    const db = t.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await upsertMeta(db, { key: 'rq-run-in', value: 'x' }, trx);
        expect((await metaByKeys(db, { first: 'rq-run-in', second: 'rq-none' }, trx)).rows).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await metaByKeys(db, { first: 'rq-run-in', second: 'rq-none' })).rows).toEqual([]);
  });

  it('refuses a builder that writes a value into the SQL text instead of sending it', async () => {
    const inlined = reusableQuery((db: Db, v: { key: string }) => db.selectFrom('server_meta').select('value').where('key', '=', sql.lit(v.key)));
    await expect(inlined(t.database.db, { key: 'rq-a' })).rejects.toThrow('written into the SQL text');
  });

  it('refuses a builder that reads a value but never sends it', async () => {
    const dropped = reusableQuery((db: Db, v: { key: string; flag: boolean }) =>
      db.selectFrom('server_meta').select('value').where('key', '=', v.flag ? v.key : 'rq-a'),
    );
    await expect(dropped(t.database.db, { key: 'rq-b', flag: true })).rejects.toThrow('flag is not sent as a parameter');
  });
});

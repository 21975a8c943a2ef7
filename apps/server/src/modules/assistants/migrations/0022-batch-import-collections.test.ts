/**
 * Migration 0022 rebuilds the batch import tables on SQLite (a NOT NULL cannot be dropped
 * there): imports made before it, such as the Quantum HR samples, must keep their files, and
 * deleting an import must still delete its files. PostgreSQL alters in place (every server test
 * on PostgreSQL runs it).
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import type { TestDatabase } from '../../../test/test-app';
import { migrateToLatest } from '../../../db/migrate';
import { MIGRATIONS } from '../../../db/migrations/index';
import '../batch-import/batch-import-tables';

describe('migration 0022 on SQLite', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(() => t.cleanup());

  it('keeps earlier imports and their files, and the cascade from imports to files', async () => {
    const migrator = new Migrator({ db: t.database.db, provider: { getMigrations: () => Promise.resolve({ ...MIGRATIONS }) } });
    const { error } = await migrator.migrateTo('0021-quantum-strategies');
    expect(error).toBeUndefined();
    const db = t.database.db;
    const at = '2026-11-24T00:00:00.000Z';
    await db.insertInto('assistant_vector_stores').values({ id: 'store-1', owner_id: 'u', assistant_id: null, name: 'S', attributes: '{}', state_pipe: null, state_listener: null, created_at: at, modified_at: at }).execute();
    // The columns 0022 adds do not exist yet: insert only the old ones.
    await db.insertInto('batch_imports').values({ id: 'imp-1', owner_id: 'u', vector_store_id: 'store-1', prefix: 'p', status: 'done', pipe_name: null, listener_name: null, created_at: at, finished_at: at } as never).execute();
    await db.insertInto('batch_import_items').values([0, 1].map((seq) => ({ import_id: 'imp-1', seq, name: `p_${seq}.md`, size: 3, staged_key: `k${seq}`, state: 'imported', error: null, file_id: `f${seq}` }))).execute();

    expect(await migrateToLatest(t.database)).toContain('0022-batch-import-collections');
    const row = await db.selectFrom('batch_imports').selectAll().where('id', '=', 'imp-1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ vector_store_id: 'store-1', target_app_id: null, target_data_type: null, prefix: 'p', status: 'done' });
    const items = await db.selectFrom('batch_import_items').select(['seq', 'name', 'file_id']).where('import_id', '=', 'imp-1').orderBy('seq').execute();
    expect(items.map((i) => [Number(i.seq), i.name, i.file_id])).toEqual([[0, 'p_0.md', 'f0'], [1, 'p_1.md', 'f1']]);

    // One target, never none or both.
    const base = { owner_id: 'u', prefix: 'q', status: 'running', pipe_name: null, listener_name: null, created_at: at, finished_at: null };
    await expect(db.insertInto('batch_imports').values({ ...base, id: 'none', vector_store_id: null, target_app_id: null, target_data_type: null }).execute()).rejects.toThrow(/CHECK/i);
    await expect(db.insertInto('batch_imports').values({ ...base, id: 'both', vector_store_id: 'store-1', target_app_id: 'assistants', target_data_type: 'Notes' }).execute()).rejects.toThrow(/CHECK/i);
    await db.insertInto('batch_imports').values({ ...base, id: 'docs', vector_store_id: null, target_app_id: 'assistants', target_data_type: 'Notes' }).execute();

    await db.deleteFrom('batch_imports').where('id', '=', 'imp-1').execute();
    expect(await db.selectFrom('batch_import_items').select('seq').where('import_id', '=', 'imp-1').execute()).toEqual([]);
  });
});

/**
 * Migration 0033 (issue 25 item 20): chunks indexed before it, Danish ones among them, are found
 * by a Danish word in another inflection afterwards, on both dialects; English chunks as before;
 * deleting a Danish chunk takes it out of the index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS } from '../../../test/test-app';
import type { TestDatabase } from '../../../test/test-app';
import { migrateTo, migrateToLatest } from '../../../db/migrate';
import { searchChunks } from '../../retrieval/retrieval';

describe.each(TEST_DIALECTS)('migration 0033 (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.cleanup());

  it('stems the Danish chunks that exist and keeps the English ones', async () => {
    await migrateTo(t.database, '0026-assistant-lexeme-stats');
    const db = t.database.db;
    const chunk = (id: string, text: string) => ({ vector_store_id: 'store-1', file_id: id, version_id: id, chunk_index: 0, heading: null, text, page: null, start_offset: 0, end_offset: text.length });
    // The columns 0033 adds do not exist yet.
    await db.insertInto('assistant_chunks').values([chunk('da', 'Studielederen hedder Mette Holm, og hun er på kontoret om tirsdagen.'), chunk('en', 'The study lead runs the sessions.')] as never).execute();
    expect((await searchChunks(db, dialect, 'store-1', 'studieleder', 5)).map((c) => c.fileId)).toEqual([]);

    expect(await migrateToLatest(t.database)).toContain('0033-assistant-danish-stemming');
    expect((await searchChunks(db, dialect, 'store-1', 'studieleder', 5)).map((c) => c.fileId)).toEqual(['da']);
    expect((await searchChunks(db, dialect, 'store-1', 'Who runs the sessions?', 5)).map((c) => c.fileId)).toEqual(['en']);

    await db.deleteFrom('assistant_chunks').where('file_id', '=', 'da').execute();
    expect(await searchChunks(db, dialect, 'store-1', 'studieleder', 5)).toEqual([]);
  });
});

/**
 * Staging an import's files (batch-import.service.ts) on both dialects: a second call for the same
 * fixed id (the Quantum HR samples, asked for by two requests at once) must not touch the files
 * the first call staged, which its job reads, and leaves no files of its own behind.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../db/migrate';
import { LocalFileStorage } from '../../../storage/local-file-storage';
import { TEST_DIALECTS, createTestDatabase } from '../../../test/test-app';
import type { TestDatabase } from '../../../test/test-app';
import { createVectorStore } from '../store.service';
import { createImport, loadItems } from './batch-import.service';

const AT = new Date('2026-11-29T01:00:00.000Z');

describe.each(TEST_DIALECTS)('staging a batch import (%s)', (dialect) => {
  let t: TestDatabase;
  let storeId: string;
  let storage: LocalFileStorage;
  let root: string;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await migrateToLatest(t.database);
    storeId = await createVectorStore(t.database.db, 'owner-1', 'Postings', {}, null, AT);
    root = join(t.dataDir, 'staging-test');
    storage = new LocalFileStorage(root);
  });
  afterAll(() => t.cleanup());

  const spec = (content: string) => ({
    id: 'fixed-import',
    ownerId: 'owner-1',
    target: { kind: 'vectorStore' as const, storeId },
    prefix: 'sample',
    pipe: undefined,
    files: [
      { name: 'a.md', content: Buffer.from(`${content} a`) },
      { name: 'b.md', content: Buffer.from(`${content} b`) },
    ],
    at: AT,
  });

  it('a second call for the same id leaves the first call\'s staged files as they were, and removes its own', async () => {
    const first = await createImport(t.database.db, storage, spec('first'));
    // Different bytes stand for a rewrite in progress (the same bytes, truncated and written again).
    const second = await createImport(t.database.db, storage, spec('second, longer'));
    expect([first.created, second.created]).toEqual([true, false]);

    const items = await loadItems(t.database.db, 'fixed-import');
    const staged = await Promise.all(items.map(async (item) => (await readFile(join(root, item.staged_key))).toString()));
    expect(staged).toEqual(['first a', 'first b']);
    const left = (await readdir(join(root, 'batch-imports', 'fixed-import'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(left).toHaveLength(2);
  });
});

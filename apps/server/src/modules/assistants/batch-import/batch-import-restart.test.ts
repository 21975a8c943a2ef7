/**
 * A batch import survives a server stop (issue 16), into a vector store and into a document
 * collection alike: server A starts the import and is stopped while it reads the third file; server B, started on the same database and DATA_DIR, takes the
 * job over and finishes it, and its pipe carries the rest of the progress and the report.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assistants, quantumHr } from '@chi/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { createDatabase } from '../../../db/database';
import type { Database } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import { LocalFileStorage } from '../../../storage/local-file-storage';
import type { FileStorage } from '../../../storage/file-storage';
import { createUser, logIn } from '../../../test/account-kit';
import { createTestDatabase, TEST_DIALECTS } from '../../../test/test-app';
import type { TestApp, TestDatabase } from '../../../test/test-app';
import { ac, readPipe } from '../assistants-kit';
import { startImport } from './batch-import-kit';
import { presentImport } from './batch-import.service';

/** The local storage, except that reading the staged file `gated` waits until the test opens the gate. */
function gatedStorage(root: string, gated: RegExp) {
  const inner = new LocalFileStorage(root);
  let open: () => void = () => undefined;
  let reached: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const hit = new Promise<void>((resolve) => (reached = resolve));
  const storage: FileStorage = {
    description: inner.description,
    put: (key, content, options) => inner.put(key, content, options),
    openWrite: (key) => inner.openWrite(key),
    openRead: async (key) => {
      if (gated.test(key)) {
        reached();
        await gate;
      }
      return inner.openRead(key);
    },
    stat: (key) => inner.stat(key),
    delete: (key) => inner.delete(key),
    rename: (from, to) => inner.rename(from, to),
  };
  return { storage, hit, open: () => open() };
}

describe.each(TEST_DIALECTS)('batch import across a restart (%s)', (dialect) => {
  let base: TestDatabase;
  const apps: { app: FastifyInstance; database: Database }[] = [];

  const start = (storage?: FileStorage) => {
    const database = createDatabase(base.config);
    const app = buildApp({ config: base.config, database, logger: { level: 'silent' }, jobPollMs: 50, ...(storage ? { storage } : {}) });
    apps.push({ app, database });
    return { app, view: { ...base, app, close: () => app.close() } as TestApp };
  };

  beforeAll(async () => {
    base = await createTestDatabase(dialect);
    await migrateToLatest(base.database);
  });
  // Each test's servers stop with it: a server left running polls the same jobs table and
  // could claim the next test's import before that test's gated server does (a CI run hung so).
  afterEach(async () => {
    for (const { app, database } of apps.splice(0)) {
      await app.close().catch(() => undefined);
      await database.destroy().catch(() => undefined);
    }
  });
  afterAll(async () => {
    await base.cleanup();
  });

  let admin = 0;
  it.each(['vector store', 'document collection'] as const)('continues where the stopped server left off and reports every file once (%s)', async (kind) => {
    const gate = gatedStorage(base.dataDir, /^batch-imports\/[^/]+\/[^/]+\/2\.bin$/);
    const a = start(gate.storage);
    admin += 1;
    await createUser(a.view, { email: `admin${admin}@example.org`, password: 'correct horse 1', appAdmin: true });
    const { session } = await logIn(a.view, `admin${admin}@example.org`, 'correct horse 1');
    const files = ['one', 'two', 'three', 'four', 'five'].map((word) => ({ name: `${word}.md`, content: `# Posting ${word}\n\nThe ${word} posting asks for patience.` }));
    const pipe = `pipe-restart-import-${admin}`;
    const collection = { appId: 'assistants' as const, dataType: 'RestartNote' };
    const target = kind === 'vector store' ? ((await ac(a.view, assistants.createVectorStore, { name: 'Restart target' }, session)).json() as assistants.VectorStore)._id : { collection };
    const started = await startImport(a.view, session, 'restart', pipe, files, target);
    expect(started.statusCode).toBe(200);
    const importId = (started.json() as quantumHr.BatchImport)._id;

    // A stops while the third file is being read.
    await gate.hit;
    const stopping = a.app.close();
    gate.open();
    await stopping;

    // Read while no server runs (B would race ahead: a document import has no indexing to wait for).
    const midway = await presentImport(base.database.db, importId);
    expect(midway?.status).toBe('running');
    expect(midway?.items.map((i) => i.state)).toEqual(['imported', 'imported', 'importing', 'pending', 'pending']);

    const b = start();
    const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });

    const events = await readPipe(origin, session, pipe, (all) => all.some((e) => e.data.type === 'import-done'), undefined, 60_000);
    const done = events.find((e) => e.data.type === 'import-done')?.data as { status: string; report: quantumHr.ImportReport };
    expect(done.status).toBe('done');
    expect(done.report).toEqual({ total: 5, imported: 5, duplicates: 0, failed: [] });
    const after = (await ac(b.view, quantumHr.getBatchImport, {}, session, importId)).json() as quantumHr.BatchImport;
    expect(after.items.every((i) => i.state === 'imported')).toBe(true);
    // Each file is in the store, or the collection, once.
    const db = b.view.database.db;
    const names =
      kind === 'vector store'
        ? (await db.selectFrom('assistant_files').select('name').where('vector_store_id', '=', after.vectorStoreId ?? '').where('name', 'like', 'restart_%').execute()).map((n) => n.name)
        : (await db.selectFrom('documents').select('data').where('app_id', '=', collection.appId).where('data_type', '=', collection.dataType).execute()).map((d) => (JSON.parse(d.data) as { name: string }).name);
    expect(names.sort()).toEqual(['restart_five.md', 'restart_four.md', 'restart_one.md', 'restart_three.md', 'restart_two.md']);
  });
});

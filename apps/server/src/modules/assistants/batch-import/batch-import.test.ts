/**
 * Batch import (issue 16 part 1) through the real routes on both dialects: who may import,
 * bad input answered 400 naming the field, a zip and a multi-file selection imported with the
 * prefix, duplicates by content hash and refused files in the report, progress on the pipe,
 * and an import interrupted by a server stop finished by another server on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { API_BASE, assistants, documents, quantumHr } from '@chi/contract';
import { startImport } from './batch-import-kit';
import { createUser, logIn } from '../../../test/account-kit';
import { createTestApp, TEST_DIALECTS, XHR_HEADERS } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { ac, HOST, multipart, readPipe, replace } from '../assistants-kit';
import { docCall } from '../../documents/documents-kit';

const posting = (title: string, skills: readonly string[]) => `# ${title}\n\nAn opening in the ${title} team.\n\n## Skills\n\n${skills.map((s) => `- ${s}`).join('\n')}\n`;

describe.each(TEST_DIALECTS)('batch import (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'admin@example.org', password: 'correct horse 1', appAdmin: true });
    await createUser(t, { email: 'user@example.org', password: 'correct horse 2' });
    admin = (await logIn(t, 'admin@example.org', 'correct horse 1')).session;
    user = (await logIn(t, 'user@example.org', 'correct horse 2')).session;
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const oneFile = [{ name: 'a.md', content: posting('Alpha', ['Go']) }];

  it('lets only administrators import, list targets and read imports', async () => {
    expect((await startImport(t, undefined, 'jobs', 'pipe-anon-1', oneFile)).statusCode).toBe(401);
    const denied = await startImport(t, user, 'jobs', 'pipe-user-1', oneFile);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ Error: { message: 'This action is not allowed.' } });
    expect((await ac(t, quantumHr.listImportTargets, {}, user)).statusCode).toBe(403);
    expect((await ac(t, quantumHr.getBatchImport, {}, user, 'whatever')).statusCode).toBe(403);
    const targets = await ac(t, quantumHr.listImportTargets, {}, admin);
    expect(targets.statusCode).toBe(200);
    expect((targets.json() as { targets: { kind: string }[] }).targets.map((x) => x.kind).slice(0, 2)).toEqual(['hrPostings', 'hrCvs']);
  });

  it('answers bad input with a 400 that names the field', async () => {
    const badPrefix = await startImport(t, admin, 'no spaces!', 'pipe-bad-prefix', oneFile);
    expect(badPrefix.statusCode).toBe(400);
    expect(badPrefix.json().Error.message).toContain('fileNamePrefix');
    const badPipe = await startImport(t, admin, 'jobs', 'short', oneFile);
    expect(badPipe.statusCode).toBe(400);
    expect(badPipe.json().Error.message).toContain('pipeName');
    const badStore = await startImport(t, admin, 'jobs', 'pipe-bad-store', oneFile, 'no-such-store');
    expect(badStore.statusCode).toBe(404);
    const noFiles = await t.app.inject({ method: 'POST', url: API_BASE + quantumHr.batchImportPath('jobs', 'pipe-no-files', 'import'), headers: { ...XHR_HEADERS, host: HOST, cookie: `chi_session=${admin}`, 'content-type': 'application/json' }, payload: {} });
    expect(noFiles.statusCode).toBe(400);
    expect(noFiles.json().Error.message).toContain('files');
    const brokenZip = await startImport(t, admin, 'jobs', 'pipe-broken-zip', [{ name: 'batch.zip', content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not really a zip')]) }]);
    expect(brokenZip.statusCode).toBe(400);
    expect(brokenZip.json().Error.message).toContain('files');
    const missing = await ac(t, quantumHr.getBatchImport, {}, admin, 'no-such-import');
    expect(missing.statusCode).toBe(404);
  });

  it('imports a zip with the prefix, skips duplicates by content, reports refused files, and streams per-file progress', async () => {
    const same = posting('Beta', ['Rust', 'SQL']);
    const zip = Buffer.from(
      zipSync({
        'postings/alpha.md': strToU8(posting('Alpha', ['Go', 'SQL'])),
        'postings/beta.md': strToU8(same),
        'postings/beta-copy.md': strToU8(same),
        'postings/tool.exe': strToU8('MZ binary'),
        'postings/broken.json': strToU8('{ not json'),
        '__MACOSX/._alpha.md': strToU8('resource fork'),
      }),
    );
    const pipe = 'pipe-zip-import-1';
    const started = await startImport(t, admin, 'hr2026', pipe, [{ name: 'postings.zip', content: zip }]);
    expect(started.statusCode).toBe(200);
    const out = started.json() as quantumHr.BatchImport;
    expect(out.items.map((i) => i.name)).toEqual(['hr2026_alpha.md', 'hr2026_beta-copy.md', 'hr2026_beta.md', 'hr2026_broken.json', 'hr2026_tool.exe']);

    const events = await readPipe(origin, admin, pipe, (all) => all.some((e) => e.data.type === 'import-done'));
    const itemEvents = events.filter((e) => e.data.type === 'import-item');
    expect(itemEvents).toHaveLength(5);
    expect(itemEvents.map((e) => e.data.processed)).toEqual([1, 2, 3, 4, 5]);
    // The indexing state of each imported file arrives on the same pipe.
    expect(events.some((e) => e.data.type === 'state' && e.data.state === 'ready' && e.data.name === 'hr2026_alpha.md')).toBe(true);
    const done = events.find((e) => e.data.type === 'import-done')?.data as { report: quantumHr.ImportReport; status: string };
    expect(done.status).toBe('done');
    expect(done.report).toMatchObject({ total: 5, imported: 2, duplicates: 1 });
    expect(done.report.failed.map((f) => f.name).sort()).toEqual(['hr2026_broken.json', 'hr2026_tool.exe']);
    expect(done.report.failed.find((f) => f.name === 'hr2026_broken.json')?.reason).toBe('this is not valid JSON');
    expect(done.report.failed.find((f) => f.name === 'hr2026_tool.exe')?.reason).toBe('only PDF, DOCX, TXT, Markdown, HTML, CSV and JSON files are accepted');

    const read = (await ac(t, quantumHr.getBatchImport, {}, admin, out._id)).json() as quantumHr.BatchImport;
    expect(read.status).toBe('done');
    expect(read.items.find((i) => i.name === 'hr2026_beta.md')?.state).toBe('duplicate');
    const store = (await ac(t, assistants.getVectorStore, {}, admin, read.vectorStoreId ?? '')).json() as assistants.VectorStore;
    const names = store.files.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['hr2026_alpha.md', 'hr2026_beta-copy.md']));
    expect(names).not.toContain('hr2026_beta.md');
    expect(names).not.toContain('hr2026_tool.exe');

    // The same batch again: everything already there is a duplicate, nothing is stored twice.
    const again = await startImport(t, admin, 'hr2026', 'pipe-zip-import-2', [{ name: 'postings.zip', content: zip }]);
    await t.app.jobs?.idle();
    const second = (await ac(t, quantumHr.getBatchImport, {}, admin, (again.json() as quantumHr.BatchImport)._id)).json() as quantumHr.BatchImport;
    expect(second.report).toMatchObject({ imported: 0, duplicates: 3 });
  });

  it('imports a multi-file selection into a chosen assistant store', async () => {
    const created = await ac(t, assistants.createAssistant, { name: 'Policies', kind: 'custom' }, admin);
    const assistant = created.json() as assistants.Assistant;
    const started = await startImport(t, admin, 'policy-', 'pipe-multi-1', [
      { name: 'leave.txt', content: 'Staff get thirty days of annual leave.' },
      { name: 'travel.md', content: '# Travel\n\nBook trains before flights.' },
    ], assistant.vectorStoreId);
    expect(started.statusCode).toBe(200);
    await t.app.jobs?.idle();
    const read = (await ac(t, quantumHr.getBatchImport, {}, admin, (started.json() as quantumHr.BatchImport)._id)).json() as quantumHr.BatchImport;
    expect(read.report).toEqual({ total: 2, imported: 2, duplicates: 0, failed: [] });
    const store = (await ac(t, assistants.getVectorStore, {}, admin, assistant.vectorStoreId)).json() as assistants.VectorStore;
    expect(store.files.map((f) => [f.name, f.state])).toEqual([['policy-leave.txt', 'ready'], ['policy-travel.md', 'ready']]);

    // The leave policy is replaced: its old text is no longer in the store, the new one is (issue 25 item 23).
    const leave = store.files.find((f) => f.name === 'policy-leave.txt');
    expect((await replace(t, leave?._id ?? '', { name: 'leave.txt', content: 'Staff get twenty-five days of annual leave.' }, admin)).statusCode).toBe(200);
    await t.app.jobs?.idle();
    const again = await startImport(t, admin, 'old-', 'pipe-multi-2', [
      { name: 'leave.txt', content: 'Staff get thirty days of annual leave.' },
      { name: 'leave-now.txt', content: 'Staff get twenty-five days of annual leave.' },
    ], assistant.vectorStoreId);
    await t.app.jobs?.idle();
    const second = (await ac(t, quantumHr.getBatchImport, {}, admin, (again.json() as quantumHr.BatchImport)._id)).json() as quantumHr.BatchImport;
    expect(second.report).toEqual({ total: 2, imported: 1, duplicates: 1, failed: [] });
    expect(second.items.map((i) => [i.name, i.state])).toEqual([['old-leave.txt', 'imported'], ['old-leave-now.txt', 'duplicate']]);
  });

  describe('into a document collection', () => {
    const notes = { collection: { appId: 'assistants' as const, dataType: 'ImportNote' } };

    it('lets only administrators import into a collection', async () => {
      expect((await startImport(t, undefined, 'notes', 'pipe-doc-anon', oneFile, notes)).statusCode).toBe(401);
      expect((await startImport(t, user, 'notes', 'pipe-doc-user', oneFile, notes)).statusCode).toBe(403);
      const listed = await docCall(t, documents.list, notes.collection, {}, admin);
      expect((listed.json() as { total: number }).total).toBe(0);
    });

    it('answers a bad collection with a 400 that names it', async () => {
      const cases: [string, string][] = [
        ['assistants', 'the data type must be a capitalised name'],
        ['nope/Notes', 'must be <appId>/<DataType>'],
        ['assistants/lower', 'the data type must be a capitalised name'],
        ['assistants/Notes/extra', 'must be <appId>/<DataType>'],
        ['assistants/_Log', 'immutable data types'],
        ['app/Account', 'is not a generic document collection'],
      ];
      for (const [raw, message] of cases) {
        const url = `${API_BASE}${quantumHr.batchImportPath('notes', 'pipe-doc-bad', 'import')}?collection=${encodeURIComponent(raw)}`;
        const body = multipart(oneFile);
        const response = await t.app.inject({ method: 'POST', url, headers: { ...XHR_HEADERS, host: HOST, cookie: `chi_session=${admin}`, ...body.headers }, payload: body.payload });
        expect(response.statusCode, raw).toBe(400);
        expect(response.json().Error.message, raw).toContain('collection:');
        expect(response.json().Error.message, raw).toContain(message);
      }
      const both = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${quantumHr.batchImportPath('notes', 'pipe-doc-both', 'import', 'some-store')}&collection=assistants%2FImportNote`,
        headers: { ...XHR_HEADERS, host: HOST, cookie: `chi_session=${admin}`, 'content-type': 'application/json' },
        payload: {},
      });
      expect(both.statusCode).toBe(400);
      expect(both.json().Error.message).toContain('not both');
    });

    it('makes each file a prefixed document, skips duplicates by content hash, and reports on the pipe', async () => {
      const same = '# Leave\n\nStaff get thirty days of annual leave.';
      const pipe = 'pipe-doc-import-1';
      const started = await startImport(t, admin, 'notes', pipe, [
        { name: 'leave.md', content: same },
        { name: 'leave-copy.md', content: same },
        { name: 'travel.txt', content: 'Book trains before flights.' },
        { name: 'tool.exe', content: 'MZ binary' },
      ], notes);
      expect(started.statusCode).toBe(200);
      const out = started.json() as quantumHr.BatchImport;
      expect(out.vectorStoreId).toBeNull();
      expect(out.collection).toEqual(notes.collection);

      const events = await readPipe(origin, admin, pipe, (all) => all.some((e) => e.data.type === 'import-done'));
      expect(events.filter((e) => e.data.type === 'import-item').map((e) => e.data.processed)).toEqual([1, 2, 3, 4]);
      const done = events.find((e) => e.data.type === 'import-done')?.data as { report: quantumHr.ImportReport; status: string };
      expect(done.status).toBe('done');
      expect(done.report).toEqual({ total: 4, imported: 2, duplicates: 1, failed: [{ name: 'notes_tool.exe', reason: 'only PDF, DOCX, TXT, Markdown, HTML, CSV and JSON files are accepted' }] });
      const read = (await ac(t, quantumHr.getBatchImport, {}, admin, out._id)).json() as quantumHr.BatchImport;
      expect(read.items.find((i) => i.name === 'notes_leave-copy.md')).toMatchObject({ state: 'duplicate', error: 'the same content as notes_leave.md' });

      const listed = (await docCall(t, documents.list, notes.collection, { sorting: [{ field: 'name', direction: 'asc' }] }, admin)).json() as { documents: documents.StoredDocument[]; total: number };
      expect(listed.total).toBe(2);
      expect(listed.documents.map((d) => [d.name, d.title, d.format, d._published])).toEqual([
        ['notes_leave.md', 'Leave', 'markdown', false],
        ['notes_travel.txt', 'notes_travel', 'txt', false],
      ]);
      expect(listed.documents[0]?.body).toContain('thirty days of annual leave');
      expect(listed.documents[0]?._id).toBe(read.items[0]?.fileId);
      // Not published: an ordinary user does not see the imported documents.
      expect(((await docCall(t, documents.list, notes.collection, {}, user)).json() as { total: number }).total).toBe(0);

      // Again, under another prefix: the content is there already, nothing is stored twice.
      const again = await startImport(t, admin, 'more', 'pipe-doc-import-2', [{ name: 'leave.md', content: same }], notes);
      await t.app.jobs?.idle();
      const second = (await ac(t, quantumHr.getBatchImport, {}, admin, (again.json() as quantumHr.BatchImport)._id)).json() as quantumHr.BatchImport;
      expect(second.report).toMatchObject({ imported: 0, duplicates: 1 });
      expect(((await docCall(t, documents.list, notes.collection, {}, admin)).json() as { total: number }).total).toBe(2);

      const targets = (await ac(t, quantumHr.listImportTargets, {}, admin)).json() as { collections: { appId: string; dataType: string; documents: number }[] };
      expect(targets.collections).toContainEqual({ appId: 'assistants', dataType: 'ImportNote', documents: 2 });
      expect(targets.collections.some((c) => c.dataType.startsWith('_'))).toBe(false);
    });
  });
});

/**
 * Ingestion: one file of each type is parsed, chunked and indexed by the job; the state
 * streams on the pipe; a replaced file's old references still hold their old text; a deleted
 * file's chunks leave the index; the same content is never indexed twice.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { makeUsers } from '../documents/documents-kit';
import type { Users } from '../documents/documents-kit';
import { ac, makeDocx, makePdf, readPipe, replace, upload } from './assistants-kit';
import { searchChunks } from '../retrieval/retrieval';

type A = assistants.Assistant;
type F = assistants.AssistantFile;

describe.each(TEST_DIALECTS)('assistant files (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  let a: A;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ASSISTANT_FILE_MAX_BYTES: '200000' } });
    u = await makeUsers(t);
    a = (await ac(t, assistants.createAssistant, { name: 'Library' }, u.owner.session)).json<A>();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const search = (q: string) => searchChunks(t.database.db, t.database.dialect, a.vectorStoreId, q, 5);

  it('indexes a file of each type and streams its states on the pipe', async () => {
    const files = [
      { name: 'guide.pdf', content: makePdf(['Photosynthesis turns sunlight into sugar.', 'Mitochondria are the powerhouse of the cell.']) },
      { name: 'policy.docx', content: makeDocx('Travel policy', ['Economy class is required for flights under six hours.']) },
      { name: 'notes.txt', content: 'Plain notes about glaciers and moraines.' },
      { name: 'readme.md', content: '# Volcanoes\n\nMagma chambers feed eruptions.\n\n## Tsunamis\n\nUndersea quakes raise waves.' },
      { name: 'page.html', content: '<html><body><h1>Coral</h1><p>Reefs bleach when &amp; water warms.</p><script>alert("x")</script></body></html>' },
      { name: 'table.csv', content: 'city,river\nCairo,Nile\nVienna,Danube\n' },
      { name: 'data.json', content: '{"planet":"Neptune","moons":16}' },
    ];
    const pipeRead = readPipe(origin, u.owner.session, 'pipe-ingest-1', (events) => events.filter((e) => e.data.state === 'ready' || e.data.state === 'failed').length >= files.length);
    const res = await upload(t, a._id, files, u.owner.session, 'pipe-ingest-1', 'files');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ files: F[] }>().files.map((f) => f.name)).toEqual(files.map((f) => f.name));
    await t.app.jobs?.idle();
    const events = await pipeRead;
    const states = (name: string) => events.filter((e) => e.data.name === name).map((e) => e.data.state);
    expect(states('guide.pdf')).toEqual(['queued', 'parsing', 'chunking', 'indexing', 'ready']);
    expect(events.every((e) => e.data.listener === 'files' && e.data.type === 'state')).toBe(true);

    const store = (await ac(t, assistants.getVectorStore, {}, u.owner.session, a.vectorStoreId)).json<assistants.VectorStore>();
    expect(store.files.map((f) => [f.name, f.state])).toEqual(files.map((f) => [f.name, 'ready']));
    expect(store.files.find((f) => f.name === 'guide.pdf')?.pages).toBe(2);

    expect((await search('mitochondria powerhouse'))[0]).toMatchObject({ page: 2 });
    expect((await search('economy flights'))[0]?.text).toContain('Economy class is required');
    expect((await search('moraines'))[0]?.text).toContain('glaciers');
    expect((await search('tsunamis waves'))[0]).toMatchObject({ heading: 'Tsunamis' });
    const coral = (await search('reefs bleach'))[0];
    expect(coral?.text).toContain('Reefs bleach when & water warms.');
    expect(coral?.text).not.toContain('alert');
    expect((await search('Danube'))[0]?.text).toContain('city: Vienna; river: Danube');
    expect((await search('Neptune'))[0]?.text).toContain('"planet": "Neptune"');
  });

  it('refuses files that are not what their name says, too large, or sent wrong', async () => {
    const fake = await upload(t, a._id, [{ name: 'fake.pdf', content: 'not a pdf' }], u.owner.session);
    expect(fake.statusCode).toBe(415);
    expect(fake.json<{ Error: { message: string } }>().Error.message).toBe('fake.pdf: this is not a PDF file');
    expect((await upload(t, a._id, [{ name: 'tool.exe', content: 'MZ' }], u.owner.session)).statusCode).toBe(415);
    expect((await upload(t, a._id, [{ name: 'bin.txt', content: Buffer.from([0, 1, 2]) }], u.owner.session)).statusCode).toBe(415);
    expect((await upload(t, a._id, [{ name: 'bad.json', content: '{nope' }], u.owner.session)).statusCode).toBe(415);
    expect((await upload(t, a._id, [{ name: 'big.txt', content: 'a'.repeat(300_000) }], u.owner.session)).statusCode).toBe(413);
    expect((await upload(t, a._id, [{ name: 'x.txt', content: 'x', field: 'other' }], u.owner.session)).statusCode).toBe(400);
    // Only who manages the assistant uploads; and nobody writes into someone else's pipe.
    expect((await upload(t, a._id, [{ name: 'x.txt', content: 'x' }], u.other.session)).statusCode).toBe(404);
    const taken = await upload(t, a._id, [{ name: 'x.txt', content: 'x' }], u.admin.session, 'pipe-ingest-1');
    expect(taken.statusCode).toBe(403);
  });

  it('adds the good files of a choice and names the ones it refuses, keeping none of them (one empty file refused them all)', async () => {
    const res = await upload(t, a._id, [
      { name: 'kept.txt', content: 'Puffins nest in burrows on cliff tops.' },
      { name: 'empty.txt', content: '' },
      { name: 'scan.pdf', content: 'not a pdf' },
      { name: 'tool.exe', content: 'MZ' },
    ], u.owner.session);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ files: F[]; refused: { name: string; reason: string }[]; message: string }>();
    expect(body.files.map((f) => f.name)).toEqual(['kept.txt']);
    expect(body.refused).toEqual([{ name: 'empty.txt', reason: 'empty' }, { name: 'scan.pdf', reason: 'notPdf' }, { name: 'tool.exe', reason: 'kind' }]);
    expect(body.message).toBe('1 file added; indexing; not added: empty.txt: the file is empty; scan.pdf: this is not a PDF file; tool.exe: only PDF, DOCX, TXT, Markdown, HTML, CSV and JSON files are accepted');
    const store = (await ac(t, assistants.getVectorStore, {}, u.owner.session, a.vectorStoreId)).json<assistants.VectorStore>();
    expect(store.files.map((f) => f.name)).toContain('kept.txt');
    expect(store.files.map((f) => f.name)).not.toContain('empty.txt');
    // Nothing of the refused files is left where uploads arrive.
    expect(await readdir(join(t.dataDir, 'uploads', '_incoming'))).toEqual([]);
  });

  it('indexes the same content once, replaces with a new version, and deletes with its chunks', async () => {
    const first = (await upload(t, a._id, [{ name: 'rules.txt', content: 'Badgers hibernate lightly in winter.' }], u.owner.session)).json<{ files: F[] }>().files[0];
    const again = (await upload(t, a._id, [{ name: 'copy.txt', content: 'Badgers hibernate lightly in winter.' }], u.owner.session)).json<{ files: F[] }>().files[0];
    expect(again?._id).toBe(first?._id);
    await t.app.jobs?.idle();
    expect(await search('badgers')).toHaveLength(1);

    const replaced = await replace(t, first?._id ?? '', { name: 'rules.txt', content: 'Otters hold hands while sleeping.' }, u.owner.session);
    expect(replaced.statusCode).toBe(200);
    // The new version is on its way: the answer reads the file after its job was queued, and the
    // job worker (on PostgreSQL it is woken at once) may already have taken it up.
    expect(replaced.json<F>()).toMatchObject({ version: 2 });
    expect(['queued', 'parsing', 'chunking', 'indexing']).toContain(replaced.json<F>().state);
    // Until the new version is ready, the old one is still what is found.
    await t.app.jobs?.idle();
    expect(await search('badgers')).toHaveLength(0);
    expect((await search('otters'))[0]?.versionId).toBe(replaced.json<F>().versionId);

    const other = (await ac(t, assistants.patchFile, { attributes: { year: 2024 } }, u.other.session, first?._id)).statusCode;
    expect(other).toBe(404);
    expect((await ac(t, assistants.patchFile, { attributes: { year: 2024 } }, u.owner.session, first?._id)).json<F>().attributes).toEqual({ year: 2024 });

    expect((await ac(t, assistants.deleteFile, {}, u.owner.session, first?._id)).json()).toEqual({ _id: first?._id, deleted: true });
    expect(await search('otters')).toHaveLength(0);
    const rows = await t.database.db.selectFrom('assistant_chunks').select('id').where('file_id', '=', first?._id ?? '').execute();
    expect(rows).toHaveLength(0);

    const second = (await upload(t, a._id, [{ name: 'gone.txt', content: 'Herons fish at dawn.' }], u.owner.session)).json<{ files: F[] }>().files[0];
    await t.app.jobs?.idle();
    const store = (await ac(t, assistants.deleteFileFromStore, { fileId: second?._id }, u.owner.session, a.vectorStoreId)).json<assistants.VectorStore>();
    expect(store.files.map((f) => f._id)).not.toContain(second?._id);
    expect(await search('herons')).toHaveLength(0);
  });

  it('copies files into another store and streams the store state on request', async () => {
    const store = (await ac(t, assistants.createVectorStore, { name: 'Copy' }, u.owner.session)).json<assistants.VectorStore>();
    const src = (await ac(t, assistants.getVectorStore, {}, u.owner.session, a.vectorStoreId)).json<assistants.VectorStore>().files[0];
    const added = await ac(t, assistants.addFiles, { files: [src?._id] }, u.owner.session, store._id);
    expect(added.json<assistants.VectorStore>().files).toHaveLength(1);
    await t.app.jobs?.idle();
    const streamed = await ac(t, assistants.streamState, { pipeName: 'pipe-state-1' }, u.owner.session, store._id);
    expect(streamed.statusCode).toBe(200);
    const events = await readPipe(origin, u.owner.session, 'pipe-state-1', (e) => e.length >= 1);
    expect(events[0]?.data).toMatchObject({ type: 'state', listener: 'state', state: 'ready', name: src?.name });
    // Someone else cannot read the pipe.
    await expect(readPipe(origin, u.other.session, 'pipe-state-1', () => true)).rejects.toThrow(/403/);
  });
});

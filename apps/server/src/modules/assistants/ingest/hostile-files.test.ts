/**
 * Issue 24 item 1: hostile assistant files are parsed in a worker thread under memory, time
 * and size limits. Each fails with its reason (the file's `error`, shown on its progress bar),
 * and /health keeps answering while they are being read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, assistants } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { deeplyNestedDocx, manyHeadingsHtml, repeatedParagraphsDocx, zipBombDocx } from '../../../test/hostile-files';
import { makeUsers } from '../../documents/documents-kit';
import type { Users } from '../../documents/documents-kit';
import { ac, makeDocx, upload } from '../assistants-kit';
import { MAX_DOCX_MARKUP_BYTES } from './parse-limits';

type F = assistants.AssistantFile;

describe.each(TEST_DIALECTS)('hostile assistant files (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  let a: assistants.Assistant;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { INGEST_MEMORY_MB: '64', INGEST_TIME_SECONDS: '60' } });
    u = await makeUsers(t);
    a = (await ac(t, assistants.createAssistant, { name: 'Hostile' }, u.owner.session)).json<assistants.Assistant>();
  });
  afterAll(() => t.close());

  const versionState = async (versionId: string) =>
    (await t.database.db.selectFrom('assistant_file_versions').select('state').where('id', '=', versionId).executeTakeFirstOrThrow()).state;

  it('fails each hostile file with its reason while /health keeps answering', async () => {
    const files = [
      { name: 'headings.html', content: manyHeadingsHtml() },
      { name: 'bomb.docx', content: zipBombDocx(40) },
      { name: 'nested.docx', content: deeplyNestedDocx(20_000) },
      { name: 'repeated.docx', content: repeatedParagraphsDocx(100_000) },
      { name: 'fine.docx', content: makeDocx('Harbour rules', ['Boats moor on the east quay.']) },
    ];
    const res = await upload(t, a._id, files, u.owner.session, 'pipe-hostile-1');
    expect(res.statusCode).toBe(200);
    const added = res.json<{ files: F[] }>().files;
    const repeated = added.find((f) => f.name === 'repeated.docx')?.versionId ?? '';

    // Health is asked over and over while the jobs run; what matters is that it answered while a file was being parsed.
    let running = true;
    const jobs = (t.app.jobs?.idle() ?? Promise.resolve()).finally(() => (running = false));
    const answeredWhileParsing: number[] = [];
    while (running) {
      const health = await t.app.inject({ method: 'GET', url: `${API_BASE}/health` });
      if ((await versionState(repeated)) === 'parsing') answeredWhileParsing.push(health.statusCode);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await jobs;
    expect(answeredWhileParsing.length).toBeGreaterThan(0);
    expect(answeredWhileParsing.every((code) => code === 200)).toBe(true);

    const store = (await ac(t, assistants.getVectorStore, {}, u.owner.session, a.vectorStoreId)).json<assistants.VectorStore>();
    const outcome = Object.fromEntries(store.files.map((f) => [f.name, [f.state, f.error]]));
    expect(outcome).toEqual({
      // Read by a real parser in linear time, 40,000 empty headings are just harmless text.
      'headings.html': ['ready', null],
      'bomb.docx': ['failed', `this DOCX unpacks to more than ${MAX_DOCX_MARKUP_BYTES / 1024 / 1024} MB of text and markup`],
      'nested.docx': ['failed', 'this file is nested too deeply to read'],
      'repeated.docx': ['failed', 'reading this file needed more than 64 MB of memory'],
      // An ordinary file in the same upload is read as before.
      'fine.docx': ['ready', null],
    });
  }, 120_000);
});

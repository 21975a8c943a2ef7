/**
 * Issue 25 item 17: "download my data" shows a person's assistants, chat threads (their
 * questions included), vector stores and files; "forget about me" takes them all offline and
 * away, published ones too, through the mailed links a person uses.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, assistants } from '@chi/contract';
import { call, linkToken } from '../../test/account-kit';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { makeUsers } from '../documents/documents-kit';
import type { Users } from '../documents/documents-kit';
import { ac, upload } from './assistants-kit';

type A = assistants.Assistant;
const ORIGIN = 'http://app.chi.localhost:8080';
const QUESTION = 'How many days of annual leave do I get?';

async function answered(t: TestApp): Promise<void> {
  // The answer is written after the call returns; forget and download once it is stored.
  for (let i = 0; i < 200; i += 1) {
    const streaming = await t.database.db.selectFrom('assistant_messages').select('id').where('status', '=', 'streaming').execute();
    if (streaming.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the answers did not finish');
}

describe.each(TEST_DIALECTS)('assistants in my data (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  let mine: A;
  let theirs: A;
  let keys: string[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
    mine = (await ac(t, assistants.createAssistant, { name: 'Leave handbook' }, u.owner.session)).json<A>();
    await upload(t, mine._id, [{ name: 'leave.md', content: '# Annual leave\n\nStaff get 25 days of annual leave each year.' }], u.owner.session);
    await t.app.jobs?.idle();
    await ac(t, assistants.publishAssistant, {}, u.owner.session, mine._id);
    theirs = (await ac(t, assistants.createAssistant, { name: 'Someone else’s helper' }, u.other.session)).json<A>();
    await ac(t, assistants.publishAssistant, {}, u.other.session, theirs._id);
    // The owner asks on someone else's assistant; someone else asks on the owner's.
    await ac(t, assistants.runWithMessage, { pipeName: 'pipe-mine-0001', listenerName: 'chat', message: QUESTION }, u.owner.session, theirs._id);
    await ac(t, assistants.runWithMessage, { pipeName: 'pipe-other-0001', listenerName: 'chat', message: 'Other question' }, u.other.session, mine._id);
    await answered(t);
    keys = (await t.database.db.selectFrom('assistant_file_versions').select('storage_key').execute()).map((row) => row.storage_key);
  });
  afterAll(() => t.close());

  it('"download my data" holds the assistants, the threads with the questions asked, the stores and the files', async () => {
    await call(t, account.requestDownloadMyData, { _redirectTo: ORIGIN }, { id: u.owner.userId, session: u.owner.session });
    const { token } = await linkToken(t, 'owner@example.org', 'downloadMyData');
    const data = (await call(t, account.confirmDownloadMyData, { downloadMyDataToken: token })).json<account.MyData>();
    const part = data.other.assistants as Record<string, { [key: string]: unknown }[]>;
    expect(part.assistants).toEqual([expect.objectContaining({ _id: mine._id, name: 'Leave handbook', published: true })]);
    expect(part.threads).toEqual([
      expect.objectContaining({ assistantId: theirs._id, messages: [expect.objectContaining({ role: 'user', content: QUESTION }), expect.objectContaining({ role: 'assistant' })] }),
    ]);
    expect(part.vectorStores).toEqual([expect.objectContaining({ _id: mine.vectorStoreId })]);
    expect(part.files).toEqual([expect.objectContaining({ name: 'leave.md', vectorStoreId: mine.vectorStoreId })]);
    // Someone else's question on the owner's assistant is theirs, not the owner's.
    expect(JSON.stringify(data)).not.toContain('Other question');
  });

  it('"forget about me" deletes them, published ones too; others keep their own assistants', async () => {
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(existsSync(join(t.dataDir, ...key.split('/'))), key).toBe(true);
    await call(t, account.forgetMe, { _redirectTo: ORIGIN }, { id: u.owner.userId, session: u.owner.session });
    const { token } = await linkToken(t, 'owner@example.org', 'forgetAboutMe');
    expect((await call(t, account.confirmForgetAboutMe, { forgetAboutMeToken: token })).json()).toEqual({ _status: 'forgotten' });

    const db = t.database.db;
    for (const table of ['assistants', 'assistant_threads', 'assistant_vector_stores', 'assistant_files', 'pipes'] as const) {
      expect(await db.selectFrom(table).select('owner_id').where('owner_id', '=', u.owner.userId).execute(), table).toEqual([]);
    }
    expect((await ac(t, assistants.loadAssistant, {}, u.other.session, mine._id)).statusCode).toBe(404);
    const listed = (await ac(t, assistants.listAssistants, {}, u.other.session)).json<{ assistants: A[] }>().assistants.map((a) => a._id);
    expect(listed).toEqual([theirs._id]);
    expect(await db.selectFrom('assistant_messages').select('content').where('content', '=', QUESTION).execute()).toEqual([]);
    expect(await db.selectFrom('assistant_chunks').select('id').where('vector_store_id', '=', mine.vectorStoreId).execute()).toEqual([]);
    for (const key of keys) expect(existsSync(join(t.dataDir, ...key.split('/'))), key).toBe(false);
  });
});

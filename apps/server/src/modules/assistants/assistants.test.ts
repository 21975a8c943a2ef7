/** Assistants and threads: every call, with the permissions of each role, on each dialect. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { makeUsers } from '../documents/documents-kit';
import type { Users } from '../documents/documents-kit';
import { ac } from './assistants-kit';
import { TEACHING_INSTRUCTIONS } from './assistants.service';

type A = assistants.Assistant;

describe.each(TEST_DIALECTS)('assistants (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
  });
  afterAll(() => t.close());

  it('creates, loads, patches, publishes, retracts and deletes an assistant', async () => {
    const created = await ac(t, assistants.createAssistant, { name: ' Policy helper ', description: 'Answers from policies', instructions: 'Be brief.' }, u.owner.session);
    expect(created.statusCode).toBe(200);
    const a = created.json<A>();
    expect(a).toMatchObject({ name: 'Policy helper', kind: 'custom', _published: false, _ownerId: u.owner.userId, _ownerName: 'Test User', abilities: { manage: true, use: true } });
    expect(a.vectorStoreId).toMatch(/^[0-9a-f-]{36}$/);

    expect((await ac(t, assistants.loadAssistant, {}, u.owner.session, a._id)).json<A>().instructions).toBe('Be brief.');
    // Unpublished: nobody else sees it (404, not 403: its existence does not leak).
    expect((await ac(t, assistants.loadAssistant, {}, u.other.session, a._id)).statusCode).toBe(404);
    expect((await ac(t, assistants.loadAssistant, {}, undefined, a._id)).statusCode).toBe(401);
    // Managers of the app see and manage everything.
    expect((await ac(t, assistants.loadAssistant, {}, u.admin.session, a._id)).json<A>().abilities).toEqual({ manage: true, use: true });

    const patched = await ac(t, assistants.patchAssistant, { update: { name: 'Policies', modelSettings: { topK: 3 } } }, u.owner.session, a._id);
    expect(patched.json<A>()).toMatchObject({ name: 'Policies', modelSettings: { topK: 3 }, description: 'Answers from policies' });
    expect((await ac(t, assistants.patchAssistant, { update: { name: 'x' } }, u.other.session, a._id)).statusCode).toBe(404);

    expect((await ac(t, assistants.publishAssistant, {}, u.owner.session, a._id)).json<A>()._published).toBe(true);
    const seen = await ac(t, assistants.loadAssistant, {}, u.other.session, a._id);
    expect(seen.json<A>().abilities).toEqual({ manage: false, use: true });
    // Usable is not manageable: 403 for a published assistant someone else owns.
    expect((await ac(t, assistants.patchAssistant, { update: { name: 'x' } }, u.other.session, a._id)).statusCode).toBe(403);
    expect((await ac(t, assistants.deleteAssistant, {}, u.other.session, a._id)).statusCode).toBe(403);
    const listed = (await ac(t, assistants.listAssistants, { kind: 'custom' }, u.other.session)).json<{ assistants: A[] }>();
    expect(listed.assistants.map((x) => x._id)).toContain(a._id);

    expect((await ac(t, assistants.retractAssistant, {}, u.owner.session, a._id)).json<A>()._published).toBe(false);
    expect((await ac(t, assistants.loadAssistant, {}, u.other.session, a._id)).statusCode).toBe(404);
    expect((await ac(t, assistants.listAssistants, {}, u.other.session)).json<{ assistants: A[] }>().assistants.map((x) => x._id)).not.toContain(a._id);

    expect((await ac(t, assistants.deleteAssistant, {}, u.devOp.session, a._id)).json()).toEqual({ _id: a._id, deleted: true });
    expect((await ac(t, assistants.loadAssistant, {}, u.owner.session, a._id)).statusCode).toBe(404);
    expect((await ac(t, assistants.getVectorStore, {}, u.owner.session, a.vectorStoreId)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a message naming the field', async () => {
    const noName = await ac(t, assistants.createAssistant, { name: '  ' }, u.owner.session);
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ Error: { message: string } }>().Error.message).toMatch(/name/);
    expect((await ac(t, assistants.createAssistant, { name: 'x', kind: 'robot' }, u.owner.session)).statusCode).toBe(400);
    expect((await ac(t, assistants.createAssistant, { name: 'x', avatarUrl: 'javascript:alert(1)' }, u.owner.session)).statusCode).toBe(400);
    expect((await ac(t, assistants.createAssistant, { name: 'x', modelSettings: { temperature: 9 } }, u.owner.session)).statusCode).toBe(400);
    const a = (await ac(t, assistants.createAssistant, { name: 'Q' }, u.owner.session)).json<A>();
    const run = await ac(t, assistants.runWithMessage, { pipeName: 'short', listenerName: 'l', message: 'hi' }, u.owner.session, a._id);
    expect(run.statusCode).toBe(400);
    expect(run.json<{ Error: { message: string } }>().Error.message).toMatch(/pipeName/);
    expect((await ac(t, assistants.runWithMessage, { pipeName: 'pipe-aaaa-1', listenerName: 'l', message: '   ' }, u.owner.session, a._id)).statusCode).toBe(400);
    expect((await ac(t, assistants.listThreads, {}, u.owner.session)).statusCode).toBe(400);
  });

  it('keeps threads private unless published, and lets a teaching assistant’s instructor read the course’s threads', async () => {
    const teach = (await ac(t, assistants.createAssistant, { name: 'Stats tutor', kind: 'teaching', course: 'Statistics 101' }, u.owner.session)).json<A>();
    expect(teach).toMatchObject({ kind: 'teaching', course: 'Statistics 101', instructions: TEACHING_INSTRUCTIONS });
    await ac(t, assistants.publishAssistant, {}, u.owner.session, teach._id);

    const created = await ac(t, assistants.createThread, { _assistantId: teach._id, title: 'Week 1' }, u.other.session);
    const thread = created.json<assistants.Thread>();
    expect(thread).toMatchObject({ title: 'Week 1', _ownerId: u.other.userId, _published: false, abilities: { manage: true, write: true } });

    // The instructor (the assistant's owner) reads the student's thread; students are told.
    const list = (await ac(t, assistants.listThreads, { _assistantId: teach._id }, u.owner.session)).json<{ threads: assistants.Thread[]; instructorReads: boolean }>();
    expect(list.instructorReads).toBe(true);
    expect(list.threads.map((x) => x._id)).toContain(thread._id);
    expect((await ac(t, assistants.getThread, { thread_id: thread._id }, u.owner.session)).json<assistants.Thread>().abilities).toEqual({ manage: false, write: false });
    expect((await ac(t, assistants.listMessages, { thread_id: thread._id }, u.owner.session)).statusCode).toBe(200);

    // A custom assistant's owner does not read other users' threads.
    const custom = (await ac(t, assistants.createAssistant, { name: 'Open' }, u.owner.session)).json<A>();
    await ac(t, assistants.publishAssistant, {}, u.owner.session, custom._id);
    const mine = (await ac(t, assistants.createThread, { _assistantId: custom._id }, u.other.session)).json<assistants.Thread>();
    expect((await ac(t, assistants.getThread, { thread_id: mine._id }, u.owner.session)).statusCode).toBe(404);
    expect((await ac(t, assistants.listThreads, { _assistantId: custom._id }, u.owner.session)).json<{ threads: unknown[] }>().threads).toHaveLength(0);
    // Managers of the app read every thread.
    expect((await ac(t, assistants.getThread, { thread_id: mine._id }, u.admin.session)).statusCode).toBe(200);

    // Published: users of the assistant read it, only its own user writes or retracts it.
    expect((await ac(t, assistants.publishThread, {}, u.owner.session, mine._id)).statusCode).toBe(404);
    expect((await ac(t, assistants.publishThread, {}, u.other.session, mine._id)).json<assistants.Thread>()._published).toBe(true);
    const read = await ac(t, assistants.getThread, { thread_id: mine._id }, u.owner.session);
    expect(read.json<assistants.Thread>().abilities).toEqual({ manage: false, write: false });
    expect((await ac(t, assistants.retractThread, {}, u.owner.session, mine._id)).statusCode).toBe(403);
    const ask = await ac(t, assistants.runWithMessage, { pipeName: 'pipe-owner-ask', listenerName: 'l', message: 'hi', thread_id: mine._id }, u.owner.session, custom._id);
    expect(ask.statusCode).toBe(403);
    expect((await ac(t, assistants.retractThread, {}, u.other.session, mine._id)).json<assistants.Thread>()._published).toBe(false);
    expect((await ac(t, assistants.getThread, { thread_id: mine._id }, u.owner.session)).statusCode).toBe(404);

    expect((await ac(t, assistants.deleteThread, {}, u.owner.session, mine._id)).statusCode).toBe(404);
    expect((await ac(t, assistants.deleteThread, {}, u.other.session, mine._id)).json()).toEqual({ _id: mine._id, deleted: true });
    expect((await ac(t, assistants.getThread, { thread_id: mine._id }, u.other.session)).statusCode).toBe(404);

    // Retracting the assistant closes it to students, their threads included.
    await ac(t, assistants.retractAssistant, {}, u.owner.session, teach._id);
    expect((await ac(t, assistants.createThread, { _assistantId: teach._id }, u.other.session)).statusCode).toBe(404);
  });

  it('creates, patches and deletes a free vector store, and refuses to delete an assistant’s', async () => {
    const store = (await ac(t, assistants.createVectorStore, { name: 'Papers', attributes: { topic: 'HCI' } }, u.owner.session)).json<assistants.VectorStore>();
    expect(store).toMatchObject({ name: 'Papers', assistantId: null, attributes: { topic: 'HCI' }, files: [], chunks: 0 });
    expect((await ac(t, assistants.getVectorStore, {}, u.other.session, store._id)).statusCode).toBe(404);
    const patched = await ac(t, assistants.patchVectorStore, { attributes: { topic: 'CSCW' } }, u.owner.session, store._id);
    expect(patched.json<assistants.VectorStore>().attributes).toEqual({ topic: 'CSCW' });
    expect((await ac(t, assistants.deleteVectorStore, {}, u.owner.session, store._id)).json()).toEqual({ _id: store._id, deleted: true });

    const a = (await ac(t, assistants.createAssistant, { name: 'Has store' }, u.owner.session)).json<A>();
    expect((await ac(t, assistants.deleteVectorStore, {}, u.owner.session, a.vectorStoreId)).statusCode).toBe(409);
  });
});

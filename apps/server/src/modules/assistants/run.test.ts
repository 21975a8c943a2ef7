/**
 * runWithMessage with no model (the default): an extractive answer streamed on the pipe, the
 * references before any token, references stored with the message and still opening their
 * cited text after the file is replaced or deleted; a reconnect resumes after the last event
 * id; the pipe is read through another server process than the one answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { createSecondApp } from '../../test/second-app';
import type { SecondApp } from '../../test/second-app';
import { makeUsers } from '../documents/documents-kit';
import type { Users } from '../documents/documents-kit';
import { ac, readPipe, replace, upload } from './assistants-kit';
import type { SseEvent } from './assistants-kit';

type A = assistants.Assistant;
type Run = { thread_id: string; userMessageId: string; messageId: string };
const ended = (events: SseEvent[]) => events.some((e) => e.data.type === 'message');

describe.each(TEST_DIALECTS)('answers without a model (%s)', (dialect) => {
  let t: TestApp;
  let second: SecondApp;
  let u: Users;
  let a: A;
  let origin: string;
  let fileId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
    a = (await ac(t, assistants.createAssistant, { name: 'Handbook' }, u.owner.session)).json<A>();
    const files = [
      { name: 'leave.md', content: '# Annual leave\n\nStaff get 25 days of annual leave each year. Unused days expire in April.\n\n# Sick leave\n\nReport sickness to your manager before 9 am.' },
      { name: 'it.txt', content: 'Passwords must be changed every 90 days. The help desk is open weekdays.' },
    ];
    const res = await upload(t, a._id, files, u.owner.session);
    fileId = res.json<{ files: assistants.AssistantFile[] }>().files[0]?._id ?? '';
    await t.app.jobs?.idle();
    // The stream is served by another process than the one that answers (ADR 020).
    second = createSecondApp(t);
    origin = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('streams references, then tokens, then the saved message, and stores the references', async () => {
    const pipe = 'pipe-run-0001';
    const run = await ac(t, assistants.runWithMessage, { pipeName: pipe, listenerName: 'chat', message: 'How many days of annual leave do staff get?' }, u.owner.session, a._id);
    expect(run.statusCode).toBe(200);
    const ids = run.json<Run>();
    const events = await readPipe(origin, u.owner.session, pipe, ended);
    const types = events.map((e) => e.data.type);
    expect(types[0]).toBe('references');
    expect(types.at(-1)).toBe('message');
    expect(types.filter((x) => x === 'token').length).toBeGreaterThan(0);
    expect(events.every((e) => e.data.listener === 'chat')).toBe(true);
    const refs = events[0]?.data.references as assistants.Reference[];
    expect(refs[0]).toMatchObject({ n: 1, fileName: 'leave.md', fileId, version: 1 });
    expect(refs[0]?.text).toContain('25 days of annual leave');

    const streamed = events.filter((e) => e.data.type === 'token').map((e) => e.data.text).join('');
    const message = events.at(-1)?.data.message as assistants.Message;
    expect(message).toMatchObject({ _id: ids.messageId, status: 'complete', role: 'assistant' });
    expect(message.content).toBe(streamed);
    expect(message.content).toMatch(/^No language model is configured on this server/);
    expect(message.content).toContain('> Staff get 25 days of annual leave each year.');
    expect(message.content).toContain('[1]');
    expect(message.references[0]?.text).toBe(refs[0]?.text);

    const listed = (await ac(t, assistants.listMessages, { thread_id: ids.thread_id }, u.owner.session)).json<{ messages: assistants.Message[] }>().messages;
    expect(listed.map((m) => [m.role, m.status])).toEqual([['user', 'complete'], ['assistant', 'complete']]);
    expect(listed[0]?.content).toBe('How many days of annual leave do staff get?');
    expect(listed[1]?.references[0]).toMatchObject({ n: 1, fileStatus: 'current', text: refs[0]?.text });
    const thread = (await ac(t, assistants.getThread, { thread_id: ids.thread_id }, u.owner.session)).json<assistants.Thread>();
    expect(thread.title).toBe('How many days of annual leave do staff get?');
  });

  it('resumes after the last event id without losing or repeating events', async () => {
    const pipe = 'pipe-run-0002';
    await ac(t, assistants.runWithMessage, { pipeName: pipe, listenerName: 'chat', message: 'password help desk' }, u.owner.session, a._id);
    const all = await readPipe(origin, u.owner.session, pipe, ended);
    // After the first event (the references): whatever followed, the saved message is among the rest.
    expect(all.length).toBeGreaterThanOrEqual(2);
    const cut = all[0]?.id ?? 0;
    const resumed = await readPipe(origin, u.owner.session, pipe, ended, cut);
    expect(resumed.map((e) => e.id)).toEqual(all.filter((e) => e.id > cut).map((e) => e.id));
    // Also by the query parameter (a client that cannot set the header).
    const res = await fetch(`${origin}/api/v1/pipes/${pipe}?lastEventId=abc`, { headers: { cookie: `chi_session=${u.owner.session}` } });
    expect(res.status).toBe(400);
  });

  it('says so honestly when nothing matches, and asks in the same thread again', async () => {
    const first = (await ac(t, assistants.runWithMessage, { pipeName: 'pipe-run-0003', listenerName: 'chat', message: 'zebra quasar' }, u.owner.session, a._id)).json<Run>();
    const events = await readPipe(origin, u.owner.session, 'pipe-run-0003', ended);
    expect(events[0]?.data.references).toEqual([]);
    const message = events.at(-1)?.data.message as assistants.Message;
    expect(message.content).toMatch(/no passage in the assistant’s documents matches your question/);
    expect(message.references).toEqual([]);
    const dk = await ac(t, assistants.runWithMessage, { pipeName: 'pipe-run-0003', listenerName: 'chat', message: 'leave days', thread_id: first.thread_id, language: 'dk' }, u.owner.session, a._id);
    expect(dk.json<Run>().thread_id).toBe(first.thread_id);
    const more = await readPipe(origin, u.owner.session, 'pipe-run-0003', (e) => e.filter((x) => x.data.type === 'message').length >= 2);
    expect((more.at(-1)?.data.message as assistants.Message).content).toMatch(/^Der er ingen sprogmodel sat op/);
  });

  it('keeps a reference’s cited text after its file is replaced, and marks it replaced, then deleted', async () => {
    const run = (await ac(t, assistants.runWithMessage, { pipeName: 'pipe-run-0004', listenerName: 'chat', message: 'sickness manager' }, u.owner.session, a._id)).json<Run>();
    await readPipe(origin, u.owner.session, 'pipe-run-0004', ended);
    const before = (await ac(t, assistants.listMessages, { thread_id: run.thread_id }, u.owner.session)).json<{ messages: assistants.Message[] }>().messages[1];
    const cited = before?.references[0];
    expect(cited?.text).toContain('Report sickness to your manager');

    await replace(t, fileId, { name: 'leave.md', content: '# Leave\n\nEverything about leave moved to the intranet.' }, u.owner.session);
    await t.app.jobs?.idle();
    const after = (await ac(t, assistants.listMessages, { thread_id: run.thread_id }, u.owner.session)).json<{ messages: assistants.Message[] }>().messages[1];
    expect(after?.references[0]).toMatchObject({ text: cited?.text, version: 1, fileStatus: 'replaced' });

    await ac(t, assistants.deleteFile, {}, u.owner.session, fileId);
    const gone = (await ac(t, assistants.listMessages, { thread_id: run.thread_id }, u.owner.session)).json<{ messages: assistants.Message[] }>().messages[1];
    expect(gone?.references[0]).toMatchObject({ text: cited?.text, fileStatus: 'deleted' });
  });

  it('lets every logged-in user use a published assistant, in their own thread and pipe', async () => {
    const pipe = 'pipe-other-01';
    expect((await ac(t, assistants.runWithMessage, { pipeName: pipe, listenerName: 'chat', message: 'passwords' }, u.other.session, a._id)).statusCode).toBe(404);
    await ac(t, assistants.publishAssistant, {}, u.owner.session, a._id);
    const run = await ac(t, assistants.runWithMessage, { pipeName: pipe, listenerName: 'chat', message: 'passwords' }, u.other.session, a._id);
    expect(run.statusCode).toBe(200);
    const events = await readPipe(origin, u.other.session, pipe, ended);
    expect((events.at(-1)?.data.message as assistants.Message).references[0]?.fileName).toBe('it.txt');
    // The owner's pipe is not theirs.
    expect((await ac(t, assistants.runWithMessage, { pipeName: 'pipe-run-0001', listenerName: 'chat', message: 'x' }, u.other.session, a._id)).statusCode).toBe(403);
  });
});

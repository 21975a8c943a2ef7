/**
 * Retrieval reads the thread and Danish is stemmed (issue 25 item 20, ADR 053), on both dialects:
 * - without a model, a follow-up ("And what is his phone number?") finds the person of the
 *   previous question, where on its own it finds the emergency number;
 * - with a model, the model's standalone question is what is searched;
 * - a Danish question finds a Danish document in another inflection, and an English store
 *   answers as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { makeUsers } from '../documents/documents-kit';
import type { Users } from '../documents/documents-kit';
import { ac, readPipe, upload } from './assistants-kit';
import type { SseEvent } from './assistants-kit';
import { startModelServer } from './model-server-kit';
import type { ModelServer } from './model-server-kit';
import { CONDENSE_PROMPT } from './answer/provider';

const ended = (events: SseEvent[]) => events.some((e) => e.data.type === 'message');
const FILES = [
  { name: 'emergency.txt', content: 'If a participant feels unwell, call his or her doctor or the emergency phone number 112. The phone number 112 works from every phone. Keep this phone number at hand.' },
  { name: 'staff.txt', content: 'The study lead is Jens Hansen. He plans the sessions, trains the assistants and signs the reports of the study. His phone number is 4512 3456.' },
  { name: 'kontakt.txt', content: 'Studielederen hedder Mette Holm, og hun træffes på kontoret om tirsdagen.' },
];

async function ask(t: TestApp, origin: string, session: string, assistantId: string, pipe: string, message: string, threadId?: string) {
  const run = await ac(t, assistants.runWithMessage, { pipeName: pipe, listenerName: 'chat', message, ...(threadId ? { thread_id: threadId } : {}) }, session, assistantId);
  expect(run.statusCode).toBe(200);
  const events = await readPipe(origin, session, pipe, ended);
  const refs = events[0]?.data.references as assistants.Reference[];
  return { threadId: run.json<{ thread_id: string }>().thread_id, files: refs.map((r) => r.fileName) };
}

describe.each(TEST_DIALECTS)('retrieval in a thread (%s)', (dialect) => {
  let model: ModelServer;
  let t: TestApp;
  let withModel: TestApp;
  let u: Users;
  let um: Users;
  let a: assistants.Assistant;
  let am: assistants.Assistant;
  let origin: string;
  let originModel: string;

  beforeAll(async () => {
    model = await startModelServer();
    t = await createTestApp(dialect);
    u = await makeUsers(t);
    a = (await ac(t, assistants.createAssistant, { name: 'Contacts' }, u.owner.session)).json<assistants.Assistant>();
    await upload(t, a._id, FILES, u.owner.session);
    await t.app.jobs?.idle();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    withModel = await createTestApp(dialect, { env: { LLM_BASE_URL: model.url, LLM_MODEL: 'test-model' } });
    um = await makeUsers(withModel);
    am = (await ac(withModel, assistants.createAssistant, { name: 'Contacts' }, um.owner.session)).json<assistants.Assistant>();
    await upload(withModel, am._id, FILES, um.owner.session);
    await withModel.app.jobs?.idle();
    originModel = await withModel.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await withModel.close();
    await model.close();
  });

  it('without a model, a follow-up is read with the previous question', async () => {
    const alone = await ask(t, origin, u.owner.session, a._id, 'pipe-fu-01', 'And what is his phone number?');
    expect(alone.files[0]).toBe('emergency.txt');
    const first = await ask(t, origin, u.owner.session, a._id, 'pipe-fu-02', 'Who is the study lead?');
    expect(first.files[0]).toBe('staff.txt');
    const follow = await ask(t, origin, u.owner.session, a._id, 'pipe-fu-03', 'And what is his phone number?', first.threadId);
    expect(follow.files[0]).toBe('staff.txt');
    expect(follow.files).toContain('emergency.txt');
  });

  it('with a model, the standalone question the model writes is searched', async () => {
    model.scripts.push({ tokens: ['Jens Hansen leads the study.'], delayMs: 0 });
    const first = await ask(withModel, originModel, um.owner.session, am._id, 'pipe-fu-04', 'Who is the study lead?');
    model.scripts.push({ tokens: ['What is the phone number ', 'of the study lead Jens Hansen?'], delayMs: 0 }, { tokens: ['4512 3456 [1]'], delayMs: 0 });
    const follow = await ask(withModel, originModel, um.owner.session, am._id, 'pipe-fu-05', 'And what is his phone number?', first.threadId);
    expect(follow.files[0]).toBe('staff.txt');
    const condense = model.seen.at(-2)?.body.messages;
    expect(condense?.[0]?.content).toBe(CONDENSE_PROMPT);
    expect(condense?.[1]?.content).toBe('User: Who is the study lead?\n\nAssistant: Jens Hansen leads the study.\n\nUser: And what is his phone number?');
  });

  it('finds a Danish document from another inflection of its words', async () => {
    const found = await ask(t, origin, u.owner.session, a._id, 'pipe-fu-06', 'Hvem er studieleder?');
    expect(found.files).toEqual(['kontakt.txt']);
    const english = await ask(t, origin, u.owner.session, a._id, 'pipe-fu-07', 'emergency');
    expect(english.files).toEqual(['emergency.txt']);
  });
});

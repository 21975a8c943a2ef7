/**
 * The OpenAI-compatible provider against a local OpenAI-compatible server this test starts:
 * real HTTP and SSE framing, scripted tokens. Streaming with the server's references (an
 * invented marker is dropped), cancel, a provider error shown as an error status, and a
 * reconnect resuming from the last event id.
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
import type { ModelServer, Script, Seen } from './model-server-kit';

const ended = (events: SseEvent[]) => events.some((e) => e.data.type === 'message');

describe.each(TEST_DIALECTS)('OpenAI-compatible provider (%s)', (dialect) => {
  let scripts: Script[];
  let seen: Seen[];
  let model: ModelServer;
  let t: TestApp;
  let u: Users;
  let a: assistants.Assistant;
  let origin: string;

  beforeAll(async () => {
    model = await startModelServer();
    ({ scripts, seen } = model);
    t = await createTestApp(dialect, { env: { LLM_BASE_URL: model.url, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-local' } });
    u = await makeUsers(t);
    a = (await ac(t, assistants.createAssistant, { name: 'Model', instructions: 'Answer like a pirate.' }, u.owner.session)).json<assistants.Assistant>();
    await upload(t, a._id, [{ name: 'ships.txt', content: 'The Black Pearl has black sails.' }], u.owner.session);
    await t.app.jobs?.idle();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('streams the model’s tokens after the references and keeps only markers that map to a passage', async () => {
    scripts.push({ tokens: ['Arr, ', 'its sails ', 'be black ', '[1]', ' and fast [7].'], delayMs: 5 });
    const run = await ac(t, assistants.runWithMessage, { pipeName: 'pipe-model-01', listenerName: 'chat', message: 'What colour are the Black Pearl sails?' }, u.owner.session, a._id);
    expect(run.statusCode).toBe(200);
    const events = await readPipe(origin, u.owner.session, 'pipe-model-01', ended);
    expect(events[0]?.data.type).toBe('references');
    expect(events.filter((e) => e.data.type === 'token').map((e) => e.data.text).join('')).toBe('Arr, its sails be black [1] and fast [7].');
    const message = events.at(-1)?.data.message as assistants.Message;
    expect(message).toMatchObject({ status: 'complete', content: 'Arr, its sails be black [1] and fast.' });
    expect(message.references.map((r) => r.n)).toEqual([1]);

    const request = seen.at(-1);
    expect(request?.body).toMatchObject({ model: 'test-model', stream: true });
    expect(request?.auth).toBe('Bearer sk-local');
    const system = request?.body.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Answer like a pirate.');
    expect(system?.content).toContain('[1] (ships.txt)\nThe Black Pearl has black sails.');
    expect(request?.body.messages.at(-1)).toEqual({ role: 'user', content: 'What colour are the Black Pearl sails?' });
  });

  it('cancels a streaming answer: the model request is aborted and what came so far is kept', async () => {
    scripts.push({ tokens: Array.from({ length: 200 }, (_, i) => `w${i} `), delayMs: 20 });
    const run = (await ac(t, assistants.runWithMessage, { pipeName: 'pipe-model-02', listenerName: 'chat', message: 'Tell me everything' }, u.owner.session, a._id)).json<{ messageId: string; thread_id: string }>();
    await readPipe(origin, u.owner.session, 'pipe-model-02', (e) => e.some((x) => x.data.type === 'token'));
    expect((await ac(t, assistants.cancelRun, {}, u.other.session, run.messageId)).statusCode).toBe(404);
    expect((await ac(t, assistants.cancelRun, {}, u.owner.session, run.messageId)).json()).toEqual({ _id: run.messageId, status: 'cancelling' });
    const events = await readPipe(origin, u.owner.session, 'pipe-model-02', ended);
    const message = events.at(-1)?.data.message as assistants.Message;
    expect(message.status).toBe('cancelled');
    expect(message.content).toMatch(/^w0 /);
    expect(message.content).not.toContain('w199');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.at(-1)?.aborted).toBe(true);
  });

  it('shows a provider error as an error status', async () => {
    scripts.push({ tokens: [], delayMs: 0, status: 500 }, { tokens: [], delayMs: 0, status: 500 });
    await ac(t, assistants.runWithMessage, { pipeName: 'pipe-model-03', listenerName: 'chat', message: 'sails' }, u.owner.session, a._id);
    const events = await readPipe(origin, u.owner.session, 'pipe-model-03', ended);
    expect(events.map((e) => e.data.type)).toEqual(['references', 'error', 'message']);
    expect(String(events[1]?.data.error)).toMatch(/500/);
    expect(events[2]?.data.message).toMatchObject({ status: 'error' });
  });

  it('resumes a model stream from the last event id after a reconnect', async () => {
    scripts.push({ tokens: Array.from({ length: 30 }, (_, i) => `t${i} `), delayMs: 10 });
    await ac(t, assistants.runWithMessage, { pipeName: 'pipe-model-04', listenerName: 'chat', message: 'sails' }, u.owner.session, a._id);
    const head = await readPipe(origin, u.owner.session, 'pipe-model-04', (e) => e.filter((x) => x.data.type === 'token').length >= 2);
    const last = head.at(-1)?.id ?? 0;
    const rest = await readPipe(origin, u.owner.session, 'pipe-model-04', ended, last);
    const text = [...head, ...rest].filter((e) => e.data.type === 'token').map((e) => e.data.text).join('');
    expect(text).toBe(Array.from({ length: 30 }, (_, i) => `t${i} `).join(''));
    expect(new Set([...head, ...rest].map((e) => e.id)).size).toBe(head.length + rest.length);
  });
});

/**
 * Assistants and threads (SPEC §7 Assistants, issue 14): every call loads, authorises
 * (assistants.policy.ts through assistants-access.ts), then changes (assistants.repo.ts) and
 * presents. assistants.routes.ts only ties each descriptor to one of these.
 */
import { assistants, ERRORS } from '@chi/contract';
import type { Transaction } from 'kysely';
import { AppError } from '../../http/app-error';
import type { HandlerFor } from '../../http/registrar';
import type { RequestUser } from '../../http/request-user';
import { newId } from '../../security/secrets';
import type { DatabaseSchema } from '../../db/schema';
import { assistantFor, ownerNames, requireUser, threadFor } from './assistants-access';
import { canCreate, canReadThread, isAppManager } from './assistants.policy';
import { presentAssistant, presentMessage, presentThread } from './assistants.presenter';
import type { AssistantRow, ThreadRow } from './assistants.presenter';
import * as repo from './assistants.repo';
import { requestCancel, startRun, STALE_STREAM_MS } from './answer/run.service';
import type { RunDeps } from './answer/run.service';
import { createVectorStore, deleteStoreRows, fileStatuses } from './store.service';
import type { AssistantsDeps } from './assistants-deps';

/** The validated input of a descriptor's handler. */
type In<D> = Parameters<HandlerFor<D>>[0];
type Trx = Transaction<DatabaseSchema>;

/** A teaching assistant's instructions unless its owner writes others: tutor, do not hand out answers. */
export const TEACHING_INSTRUCTIONS = [
  'You are a teaching assistant for this course. Help the student learn: ask what they have tried,',
  'explain the ideas and point to the course material, and guide them one step at a time.',
  'Do not hand out complete solutions to assignments or exam questions.',
].join(' ');

export interface AssistantsService {
  readonly deps: AssistantsDeps;
  readonly run: RunDeps;
}

async function present({ deps }: AssistantsService, row: AssistantRow, user: RequestUser | null): Promise<assistants.Assistant> {
  return presentAssistant(row, user, (await ownerNames(deps.database.db, [row.owner_id])).get(row.owner_id) ?? null);
}

async function presentThreads({ deps }: AssistantsService, rows: ThreadRow[], assistant: AssistantRow, user: RequestUser | null): Promise<assistants.Thread[]> {
  const names = await ownerNames(deps.database.db, rows.map((r) => r.owner_id));
  return rows.map((row) => presentThread(row, assistant, user, names.get(row.owner_id) ?? null));
}

export async function createAssistant(s: AssistantsService, input: In<typeof assistants.createAssistant>, caller: RequestUser | null): Promise<assistants.Assistant> {
  const user = requireUser(caller);
  if (!canCreate(user)) throw new AppError(ERRORS.forbidden);
  const { db } = s.deps.database;
  const id = newId();
  const at = s.deps.now().toISOString();
  await db.transaction().execute(async (trx: Trx) => {
    const storeId = await createVectorStore(trx, user.id, input.name, {}, null, s.deps.now());
    await repo.insertAssistant(trx, {
      id,
      owner_id: user.id,
      kind: input.kind,
      name: input.name,
      description: input.description ?? '',
      instructions: input.instructions ?? (input.kind === 'teaching' ? TEACHING_INSTRUCTIONS : ''),
      avatar_url: input.avatarUrl || null,
      course: input.kind === 'teaching' ? (input.course ?? null) : null,
      model_settings: JSON.stringify(input.modelSettings ?? {}),
      vector_store_id: storeId,
      published: 0,
      created_at: at,
      updated_at: at,
    });
    await repo.linkStoreToAssistant(trx, storeId, id);
  });
  return present(s, await repo.loadAssistant(db, id), user);
}

export async function listAssistants(s: AssistantsService, input: In<typeof assistants.listAssistants>, caller: RequestUser | null): Promise<{ assistants: assistants.Assistant[] }> {
  const user = requireUser(caller);
  const { db } = s.deps.database;
  const rows = await repo.listAssistantRows(db, {
    kind: input.kind,
    ownerId: input.mine ? user.id : undefined,
    visibleTo: !input.mine && !isAppManager(user) ? user.id : undefined,
  });
  const names = await ownerNames(db, rows.map((r) => r.owner_id));
  return { assistants: rows.map((row) => presentAssistant(row, user, names.get(row.owner_id) ?? null)) };
}

export async function loadAssistant(s: AssistantsService, id: string, caller: RequestUser | null): Promise<assistants.Assistant> {
  return present(s, await assistantFor(s.deps.database.db, id, caller, 'use'), caller);
}

export async function patchAssistant(s: AssistantsService, id: string, input: In<typeof assistants.patchAssistant>, caller: RequestUser | null): Promise<assistants.Assistant> {
  const { db } = s.deps.database;
  const row = await assistantFor(db, id, caller, 'manage');
  const u = input.update;
  await repo.updateAssistant(
    db,
    row.id,
    {
      name: u.name,
      description: u.description,
      instructions: u.instructions,
      avatar_url: u.avatarUrl !== undefined ? u.avatarUrl || null : undefined,
      course: row.kind === 'teaching' ? u.course : undefined,
      model_settings: u.modelSettings !== undefined ? JSON.stringify(u.modelSettings) : undefined,
    },
    s.deps.now().toISOString(),
  );
  return present(s, await repo.loadAssistant(db, row.id), caller);
}

export async function setAssistantPublished(s: AssistantsService, id: string, published: 0 | 1, caller: RequestUser | null): Promise<assistants.Assistant> {
  const { db } = s.deps.database;
  const row = await assistantFor(db, id, caller, 'manage');
  await repo.setAssistantPublished(db, row.id, published, s.deps.now().toISOString());
  return present(s, await repo.loadAssistant(db, row.id), caller);
}

export async function deleteAssistant(s: AssistantsService, id: string, caller: RequestUser | null): Promise<{ _id: string; deleted: true }> {
  const { db } = s.deps.database;
  const row = await assistantFor(db, id, caller, 'manage');
  const keys = await db.transaction().execute(async (trx: Trx) => {
    // Threads and messages cascade with the assistant; the store, files and chunks go with it.
    await repo.deleteAssistantRow(trx, row.id);
    return deleteStoreRows(trx, row.vector_store_id);
  });
  await Promise.all(keys.map((key) => s.deps.storage.delete(key)));
  return { _id: row.id, deleted: true };
}

async function newThread(s: AssistantsService, assistantId: string, ownerId: string, title: string): Promise<ThreadRow> {
  const at = s.deps.now().toISOString();
  const row = { id: newId(), assistant_id: assistantId, owner_id: ownerId, title, published: 0, created_at: at, updated_at: at };
  await repo.insertThread(s.deps.database.db, row);
  return row;
}

export async function runWithMessage(s: AssistantsService, id: string, input: In<typeof assistants.runWithMessage>, caller: RequestUser | null): Promise<{ thread_id: string; userMessageId: string; messageId: string }> {
  const { db } = s.deps.database;
  const user = requireUser(caller);
  const assistant = await assistantFor(db, id, user, 'use');
  if (!(await s.deps.hub.claim(input.pipeName, user.id))) throw new AppError(assistants.ASSISTANT_ERRORS.pipeTaken);
  let thread;
  if (input.thread_id) {
    thread = (await threadFor(db, input.thread_id, user, 'write')).thread;
    if (thread.assistant_id !== assistant.id) throw new AppError(assistants.ASSISTANT_ERRORS.threadNotFound);
  } else {
    thread = await newThread(s, assistant.id, user.id, '');
  }
  const ids = await startRun(s.run, assistant, thread, input);
  return { thread_id: thread.id, ...ids };
}

export async function cancelRun(s: AssistantsService, id: string, caller: RequestUser | null) {
  const { db } = s.deps.database;
  const message = await repo.messageHead(db, id);
  if (!message) throw new AppError(assistants.ASSISTANT_ERRORS.messageNotFound);
  await threadFor(db, message.thread_id, caller, 'write');
  await requestCancel(s.run, message.id);
  return { _id: message.id, status: message.status === 'streaming' ? ('cancelling' as const) : message.status };
}

export async function listThreads(s: AssistantsService, input: In<typeof assistants.listThreads>, caller: RequestUser | null) {
  const user = requireUser(caller);
  const assistant = await assistantFor(s.deps.database.db, input._assistantId, user, 'use');
  const rows = await repo.listThreadRows(s.deps.database.db, assistant.id);
  const visible = rows.filter((row) => canReadThread(user, row, assistant));
  return { threads: await presentThreads(s, visible, assistant, user), instructorReads: assistant.kind === 'teaching' };
}

export async function createThread(s: AssistantsService, input: In<typeof assistants.createThread>, caller: RequestUser | null): Promise<assistants.Thread> {
  const user = requireUser(caller);
  const assistant = await assistantFor(s.deps.database.db, input._assistantId, user, 'use');
  const row = await newThread(s, assistant.id, user.id, input.title ?? '');
  return (await presentThreads(s, [row], assistant, user))[0] as assistants.Thread;
}

export async function getThread(s: AssistantsService, threadId: string, caller: RequestUser | null): Promise<assistants.Thread> {
  const { thread, assistant } = await threadFor(s.deps.database.db, threadId, caller, 'read');
  return (await presentThreads(s, [thread], assistant, caller))[0] as assistants.Thread;
}

export async function listMessages(s: AssistantsService, threadId: string, caller: RequestUser | null) {
  const { db } = s.deps.database;
  const { thread } = await threadFor(db, threadId, caller, 'read');
  const rows = await repo.listMessageRows(db, thread.id);
  const refs = rows.flatMap((row) => presentMessage(row).references.map((r) => r.fileId));
  const statusOf = await fileStatuses(db, refs);
  const stale = s.deps.now().getTime() - STALE_STREAM_MS;
  return {
    messages: rows.map((row) => {
      const message = presentMessage(row, statusOf);
      // Left streaming by a process that stopped: say so instead of spinning for ever.
      return message.status === 'streaming' && Date.parse(row.updated_at) < stale ? { ...message, status: 'error' as const, error: 'The answer was interrupted.' } : message;
    }),
  };
}

export async function setThreadPublished(s: AssistantsService, id: string, published: 0 | 1, caller: RequestUser | null): Promise<assistants.Thread> {
  const { db } = s.deps.database;
  const { thread, assistant } = await threadFor(db, id, caller, 'manage');
  await repo.setThreadPublished(db, thread.id, published, s.deps.now().toISOString());
  return (await presentThreads(s, [await repo.loadThread(db, thread.id)], assistant, caller))[0] as assistants.Thread;
}

export async function deleteThread(s: AssistantsService, id: string, caller: RequestUser | null): Promise<{ _id: string; deleted: true }> {
  const { thread } = await threadFor(s.deps.database.db, id, caller, 'manage');
  await repo.deleteThreadRows(s.deps.database.db, thread.id);
  return { _id: thread.id, deleted: true };
}

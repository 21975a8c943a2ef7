/**
 * Assistants and threads (SPEC §7 Assistants, issue 14). Every handler loads, authorises
 * (assistants.policy.ts through assistants-access.ts), then changes and presents.
 */
import type { FastifyInstance } from 'fastify';
import { assistants, ERRORS } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import type { RequestUser } from '../../http/request-user';
import type { PipeHub } from '../../pipes/pipe-hub';
import { newId } from '../../security/secrets';
import type { FileStorage } from '../../storage/file-storage';
import { assistantFor, ownerNames, requireUser, threadFor } from './assistants-access';
import { canCreate, canReadThread, isAppManager } from './assistants.policy';
import { presentAssistant, presentMessage, presentThread } from './assistants.presenter';
import type { AssistantRow } from './assistants.presenter';
import { requestCancel, startRun, STALE_STREAM_MS, stopAllRuns } from './answer/run.service';
import type { RunDeps } from './answer/run.service';
import type { AnswerProvider } from './answer/provider';
import { createVectorStore, deleteStoreRows, fileStatuses } from './store.service';
import { registerFileRoutes } from './files.routes';
import { registerStoreRoutes } from './stores.routes';
import { defineIngestJob } from './ingest/ingest.job';
import { parseLimitsOf } from './ingest/isolated-parse';
// Issue 16: batch import and the Quantum HR assistant.
import { registerBatchImportRoutes } from './batch-import/batch-import.routes';
import { registerQuantumHrRoutes } from './quantum-hr/quantum-hr.routes';
import type { Embedder } from './embeddings';

export interface AssistantsDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly storage: FileStorage;
  readonly hub: PipeHub;
  readonly provider: AnswerProvider;
  /** Present when EMBEDDING_BASE_URL is configured (ADR 028). */
  readonly embedder?: Embedder | undefined;
}

/** A teaching assistant's instructions unless its owner writes others: tutor, do not hand out answers. */
export const TEACHING_INSTRUCTIONS = [
  'You are a teaching assistant for this course. Help the student learn: ask what they have tried,',
  'explain the ideas and point to the course material, and guide them one step at a time.',
  'Do not hand out complete solutions to assignments or exam questions.',
].join(' ');

export function registerAssistantRoutes(app: FastifyInstance, deps: AssistantsDeps): void {
  const { db } = deps.database;
  const { now } = deps;
  const runDeps: RunDeps = { db, dialect: deps.database.dialect, hub: deps.hub, provider: deps.provider, embedder: deps.embedder, log: app.log, now, inflight: new Map() };
  app.addHook('preClose', () => stopAllRuns(runDeps));
  if (app.jobs) defineIngestJob(app.jobs, { db, storage: deps.storage, hub: deps.hub, now, embedder: deps.embedder, parseLimits: parseLimitsOf(deps.config.limits) });

  const present = async (row: AssistantRow, user: RequestUser | null) => presentAssistant(row, user, (await ownerNames(db, [row.owner_id])).get(row.owner_id) ?? null);
  const reload = async (id: string) => db.selectFrom('assistants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  registerHandler(app, assistants.createAssistant, async (input, { request }) => {
    const user = requireUser(request.user);
    if (!canCreate(user)) throw new AppError(ERRORS.forbidden);
    const id = newId();
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      const storeId = await createVectorStore(trx, user.id, input.name, {}, null, now());
      await trx
        .insertInto('assistants')
        .values({
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
        })
        .execute();
      await trx.updateTable('assistant_vector_stores').set({ assistant_id: id }).where('id', '=', storeId).execute();
    });
    return present(await reload(id), user);
  });

  registerHandler(app, assistants.listAssistants, async (input, { request }) => {
    const user = requireUser(request.user);
    let query = db.selectFrom('assistants').selectAll();
    if (input.kind) query = query.where('kind', '=', input.kind);
    if (input.mine) query = query.where('owner_id', '=', user.id);
    else if (!isAppManager(user)) query = query.where((eb) => eb.or([eb('owner_id', '=', user.id), eb('published', '=', 1)]));
    const rows = await query.orderBy('updated_at', 'desc').orderBy('id').limit(500).execute();
    const names = await ownerNames(db, rows.map((r) => r.owner_id));
    return { assistants: rows.map((row) => presentAssistant(row, user, names.get(row.owner_id) ?? null)) };
  });

  registerHandler(app, assistants.loadAssistant, async (_input, { request, id = '' }) => present(await assistantFor(db, id, request.user, 'use'), request.user));

  registerHandler(app, assistants.patchAssistant, async (input, { request, id = '' }) => {
    const row = await assistantFor(db, id, request.user, 'manage');
    const u = input.update;
    await db
      .updateTable('assistants')
      .set({
        ...(u.name !== undefined ? { name: u.name } : {}),
        ...(u.description !== undefined ? { description: u.description } : {}),
        ...(u.instructions !== undefined ? { instructions: u.instructions } : {}),
        ...(u.avatarUrl !== undefined ? { avatar_url: u.avatarUrl || null } : {}),
        ...(u.course !== undefined && row.kind === 'teaching' ? { course: u.course } : {}),
        ...(u.modelSettings !== undefined ? { model_settings: JSON.stringify(u.modelSettings) } : {}),
        updated_at: now().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    return present(await reload(row.id), request.user);
  });

  for (const [descriptor, published] of [[assistants.publishAssistant, 1], [assistants.retractAssistant, 0]] as const) {
    registerHandler(app, descriptor, async (_input, { request, id = '' }) => {
      const row = await assistantFor(db, id, request.user, 'manage');
      await db.updateTable('assistants').set({ published, updated_at: now().toISOString() }).where('id', '=', row.id).execute();
      return present(await reload(row.id), request.user);
    });
  }

  registerHandler(app, assistants.deleteAssistant, async (_input, { request, id = '' }) => {
    const row = await assistantFor(db, id, request.user, 'manage');
    const keys = await db.transaction().execute(async (trx) => {
      // Threads and messages cascade with the assistant; the store, files and chunks go with it.
      await trx.deleteFrom('assistants').where('id', '=', row.id).execute();
      return deleteStoreRows(trx, row.vector_store_id);
    });
    await Promise.all(keys.map((key) => deps.storage.delete(key)));
    return { _id: row.id, deleted: true as const };
  });

  registerHandler(app, assistants.runWithMessage, async (input, { request, id = '' }) => {
    const user = requireUser(request.user);
    const assistant = await assistantFor(db, id, user, 'use');
    if (!(await deps.hub.claim(input.pipeName, user.id))) throw new AppError(assistants.ASSISTANT_ERRORS.pipeTaken);
    let thread;
    if (input.thread_id) {
      thread = (await threadFor(db, input.thread_id, user, 'write')).thread;
      if (thread.assistant_id !== assistant.id) throw new AppError(assistants.ASSISTANT_ERRORS.threadNotFound);
    } else {
      thread = await newThread(assistant.id, user.id, '');
    }
    const ids = await startRun(runDeps, assistant, thread, input);
    return { thread_id: thread.id, ...ids };
  });

  registerHandler(app, assistants.cancelRun, async (_input, { request, id = '' }) => {
    const message = await db.selectFrom('assistant_messages').select(['id', 'thread_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!message) throw new AppError(assistants.ASSISTANT_ERRORS.messageNotFound);
    await threadFor(db, message.thread_id, request.user, 'write');
    await requestCancel(runDeps, message.id);
    return { _id: message.id, status: message.status === 'streaming' ? 'cancelling' : message.status };
  });

  const newThread = async (assistantId: string, ownerId: string, title: string) => {
    const at = now().toISOString();
    const row = { id: newId(), assistant_id: assistantId, owner_id: ownerId, title, published: 0, created_at: at, updated_at: at };
    await db.insertInto('assistant_threads').values(row).execute();
    return row;
  };
  const presentThreads = async (rows: Parameters<typeof presentThread>[0][], assistant: AssistantRow, user: RequestUser | null) => {
    const names = await ownerNames(db, rows.map((r) => r.owner_id));
    return rows.map((row) => presentThread(row, assistant, user, names.get(row.owner_id) ?? null));
  };

  registerHandler(app, assistants.listThreads, async (input, { request }) => {
    const user = requireUser(request.user);
    const assistant = await assistantFor(db, input._assistantId, user, 'use');
    const rows = await db.selectFrom('assistant_threads').selectAll().where('assistant_id', '=', assistant.id).orderBy('updated_at', 'desc').orderBy('id').limit(500).execute();
    const visible = rows.filter((row) => canReadThread(user, row, assistant));
    return { threads: await presentThreads(visible, assistant, user), instructorReads: assistant.kind === 'teaching' };
  });

  registerHandler(app, assistants.createThread, async (input, { request }) => {
    const user = requireUser(request.user);
    const assistant = await assistantFor(db, input._assistantId, user, 'use');
    const row = await newThread(assistant.id, user.id, input.title ?? '');
    return (await presentThreads([row], assistant, user))[0] as assistants.Thread;
  });

  registerHandler(app, assistants.getThread, async (input, { request }) => {
    const { thread, assistant } = await threadFor(db, input.thread_id, request.user, 'read');
    return (await presentThreads([thread], assistant, request.user))[0] as assistants.Thread;
  });

  registerHandler(app, assistants.listMessages, async (input, { request }) => {
    const { thread } = await threadFor(db, input.thread_id, request.user, 'read');
    const rows = await db.selectFrom('assistant_messages').selectAll().where('thread_id', '=', thread.id).orderBy('seq').execute();
    const refs = rows.flatMap((row) => presentMessage(row).references.map((r) => r.fileId));
    const statusOf = await fileStatuses(db, refs);
    const stale = now().getTime() - STALE_STREAM_MS;
    return {
      messages: rows.map((row) => {
        const message = presentMessage(row, statusOf);
        // Left streaming by a process that stopped: say so instead of spinning for ever.
        return message.status === 'streaming' && Date.parse(row.updated_at) < stale ? { ...message, status: 'error' as const, error: 'The answer was interrupted.' } : message;
      }),
    };
  });

  for (const [descriptor, published] of [[assistants.publishThread, 1], [assistants.retractThread, 0]] as const) {
    registerHandler(app, descriptor, async (_input, { request, id = '' }) => {
      const { thread, assistant } = await threadFor(db, id, request.user, 'manage');
      await db.updateTable('assistant_threads').set({ published, updated_at: now().toISOString() }).where('id', '=', thread.id).execute();
      const row = await db.selectFrom('assistant_threads').selectAll().where('id', '=', thread.id).executeTakeFirstOrThrow();
      return (await presentThreads([row], assistant, request.user))[0] as assistants.Thread;
    });
  }

  registerHandler(app, assistants.deleteThread, async (_input, { request, id = '' }) => {
    const { thread } = await threadFor(db, id, request.user, 'manage');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('assistant_messages').where('thread_id', '=', thread.id).execute();
      await trx.deleteFrom('assistant_threads').where('id', '=', thread.id).execute();
    });
    return { _id: thread.id, deleted: true as const };
  });

  registerFileRoutes(app, deps);
  registerStoreRoutes(app, deps);
  // Issue 16: batch import and the Quantum HR assistant.
  registerBatchImportRoutes(app, deps);
  registerQuantumHrRoutes(app, deps);
}

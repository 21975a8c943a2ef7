/**
 * Vector stores and files (SPEC §7 VectorStore, File, the assistant file upload; issue 14).
 * Multipart parsing is registered in this plugin's own scope, for the upload and replace only.
 * Files are content-checked (ingest/file-type.ts) and size-limited (ASSISTANT_FILE_MAX_BYTES).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { assistants, ERRORS } from '@chi/contract';
import { AppError, validationError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import { assistantFor, fileFor, requireUser, storeFor } from './assistants-access';
import { canCreate } from './assistants.policy';
import type { AssistantsDeps } from './assistants-deps';
import { detectFileType } from './ingest/file-type';
import { announceState } from './ingest/ingest.job';
import { addFile, createVectorStore, deleteFileRows, deleteStoreRows, filesOf, INGEST_JOB, presentStore, replaceFileContent } from './store.service';
import type { PipeTarget } from './store.service';
import { discardLeftovers, MAX_FILES_PER_UPLOAD, receiveFiles, refusalError, uploadError } from './receive-files';

const PIPE = assistants.PIPE_NAME_PATTERN;
const LISTENER = assistants.LISTENER_NAME_PATTERN;

function pipeFrom(params: Record<string, unknown>): PipeTarget | undefined {
  const pipe = params.pipeName;
  const listener = params.listenerName ?? 'upload';
  if (pipe === undefined || pipe === '') return undefined;
  if (typeof pipe !== 'string' || !PIPE.test(pipe)) throw validationError('pipeName must be 8-64 letters, digits, _ or -');
  if (typeof listener !== 'string' || !LISTENER.test(listener)) throw validationError('listenerName must be 1-64 letters, digits, _ or -');
  return { pipe, listener };
}

export function registerFileRoutes(app: FastifyInstance, deps: AssistantsDeps): void {
  const { db } = deps.database;
  const { now, storage, hub } = deps;

  const claim = async (userId: string, pipe: PipeTarget | undefined) => {
    if (pipe && !(await hub.claim(pipe.pipe, userId))) throw new AppError(assistants.ASSISTANT_ERRORS.pipeTaken);
  };
  const enqueue = async (versionId: string) => {
    await announceState({ db, hub }, versionId);
    await app.jobs?.enqueue(INGEST_JOB, { versionId });
  };
  const storeOut = async (id: string) => {
    const store = await presentStore(db, id);
    if (!store) throw new AppError(assistants.ASSISTANT_ERRORS.storeNotFound);
    return store;
  };

  void app.register(async (scope) => {
    const receiving = { db, storage, maxBytes: deps.config.assistantFileMaxBytes, quotaBytes: deps.config.limits.storageQuotaBytes };
    await scope.register(multipart, {
      limits: { fileSize: deps.config.assistantFileMaxBytes, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: MAX_FILES_PER_UPLOAD + 10, fieldSize: 1024 },
    });

    registerHandler(scope, assistants.uploadFiles, async (_input, { request, id = '' }) => {
      const user = requireUser(request.user);
      if (!canCreate(user)) throw new AppError(ERRORS.forbidden);
      const assistant = await assistantFor(db, id, user, 'manage');
      const pipe = pipeFrom(request.params as Record<string, unknown>);
      await claim(user.id, pipe);
      const { files, refused } = await receiveFiles(request, receiving, user.id);
      const [firstRefusal] = refused;
      if (files.length === 0 && firstRefusal) throw refusalError(firstRefusal);
      const added: string[] = [];
      try {
        for (const file of files) {
          const result = await addFile(db, storage, assistant.vector_store_id, user.id, file, pipe, now());
          added.push(result.fileId);
          if (!result.duplicate) await enqueue(result.versionId);
        }
      } finally {
        await discardLeftovers(storage, files);
      }
      const all = await filesOf(db, assistant.vector_store_id);
      const out = all.filter((f) => added.includes(f._id));
      const notAdded = refused.length > 0 ? `; not added: ${refused.map((r) => r.refused).join('; ')}` : '';
      return {
        files: out,
        refused: refused.map(({ name, reason }) => ({ name, reason })),
        message: `${out.length} file${out.length === 1 ? '' : 's'} added; indexing${notAdded}`,
      };
    });

    registerHandler(scope, assistants.replaceFile, async (_input, { request, id = '' }) => {
      const user = requireUser(request.user);
      const file = await fileFor(db, id, user);
      const query = request.query as Record<string, unknown>;
      const pipe = pipeFrom({ pipeName: query.pipeName, listenerName: query.listenerName });
      await claim(user.id, pipe);
      const { files: received, refused } = await receiveFiles(request, receiving, user.id);
      const [content, ...more] = received;
      const [firstRefusal] = refused;
      if (firstRefusal && received.length === 0 && refused.length === 1) throw refusalError(firstRefusal);
      if (!content || more.length > 0 || refused.length > 0) {
        await discardLeftovers(storage, received);
        throw validationError('Replace takes exactly one file');
      }
      const { versionId, unchanged } = await replaceFileContent(db, storage, file, content, pipe, now()).finally(() => discardLeftovers(storage, received));
      if (!unchanged) await enqueue(versionId);
      const out = (await filesOf(db, file.vector_store_id)).find((f) => f._id === file.id);
      if (!out) throw new AppError(assistants.ASSISTANT_ERRORS.fileNotFound);
      return out;
    });
  });

  registerHandler(app, assistants.listUploadedFiles, async (_input, { request, id = '' }) => {
    const assistant = await assistantFor(db, id, request.user, 'manage');
    return { files: await filesOf(db, assistant.vector_store_id) };
  });

  registerHandler(app, assistants.getVectorStore, async (_input, { request, id = '' }) => storeOut((await storeFor(db, id, request.user, 'read')).id));

  registerHandler(app, assistants.createVectorStore, async (input, { request }) => {
    const user = requireUser(request.user);
    if (!canCreate(user)) throw new AppError(ERRORS.forbidden);
    return storeOut(await createVectorStore(db, user.id, input.name, input.attributes ?? {}, null, now()));
  });

  registerHandler(app, assistants.patchVectorStore, async (input, { request, id = '' }) => {
    const user = requireUser(request.user);
    const store = await storeFor(db, id, user);
    if (input.pipeName) await claim(user.id, { pipe: input.pipeName, listener: 'state' });
    await db
      .updateTable('assistant_vector_stores')
      .set({
        ...(input.attributes !== undefined ? { attributes: JSON.stringify(input.attributes) } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.pipeName !== undefined ? { state_pipe: input.pipeName, state_listener: 'state' } : {}),
        modified_at: now().toISOString(),
      })
      .where('id', '=', store.id)
      .execute();
    return storeOut(store.id);
  });

  registerHandler(app, assistants.deleteVectorStore, async (_input, { request, id = '' }) => {
    const store = await storeFor(db, id, request.user);
    if (store.assistant_id !== null) throw new AppError(assistants.ASSISTANT_ERRORS.storeInUse);
    const keys = await db.transaction().execute((trx) => deleteStoreRows(trx, store.id));
    await Promise.all(keys.map((key) => storage.delete(key)));
    return { _id: store.id, deleted: true as const };
  });

  registerHandler(app, assistants.streamState, async (input, { request, id = '' }) => {
    const user = requireUser(request.user);
    const store = await storeFor(db, id, user);
    const listener = input.listenerName ?? 'state';
    await claim(user.id, { pipe: input.pipeName, listener });
    await db.updateTable('assistant_vector_stores').set({ state_pipe: input.pipeName, state_listener: listener }).where('id', '=', store.id).execute();
    const out = await storeOut(store.id);
    // The current state of every file now; each change follows as it happens.
    for (const file of out.files) await announceState({ db, hub }, file.versionId);
    return out;
  });

  registerHandler(app, assistants.addFiles, async (input, { request, id = '' }) => {
    const user = requireUser(request.user);
    const store = await storeFor(db, id, user);
    const pipe = input.pipeName ? { pipe: input.pipeName, listener: 'upload' } : undefined;
    await claim(user.id, pipe);
    for (const fileId of input.files) {
      // A file of a store shared with the caller may be copied into one of theirs (ADR 059).
      const source = await fileFor(db, fileId, user, 'read');
      if (source.vector_store_id === store.id) continue;
      const version = await db.selectFrom('assistant_file_versions').selectAll().where('id', '=', source.current_version_id).executeTakeFirstOrThrow();
      const stream = await storage.openRead(version.storage_key);
      if (!stream) throw new AppError(assistants.ASSISTANT_ERRORS.fileNotFound);
      const parts: Buffer[] = [];
      for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
      const content = Buffer.concat(parts);
      const type = detectFileType(source.name, content);
      if ('refused' in type) throw uploadError(type.refused, 415);
      const result = await addFile(db, storage, store.id, user.id, { name: source.name, type, content }, pipe, now());
      if (!result.duplicate) await enqueue(result.versionId);
    }
    return storeOut(store.id);
  });

  registerHandler(app, assistants.deleteFileFromStore, async (input, { request, id = '' }) => {
    const store = await storeFor(db, id, request.user);
    const file = await fileFor(db, input.fileId, request.user);
    if (file.vector_store_id !== store.id) throw new AppError(assistants.ASSISTANT_ERRORS.fileNotFound);
    await deleteFileRows(db, file, now());
    return storeOut(store.id);
  });

  registerHandler(app, assistants.deleteFile, async (_input, { request, id = '' }) => {
    const file = await fileFor(db, id, request.user);
    await deleteFileRows(db, file, now());
    return { _id: file.id, deleted: true as const };
  });

  registerHandler(app, assistants.patchFile, async (input, { request, id = '' }) => {
    const file = await fileFor(db, id, request.user);
    await db.updateTable('assistant_files').set({ attributes: JSON.stringify(input.attributes), updated_at: now().toISOString() }).where('id', '=', file.id).execute();
    const out = (await filesOf(db, file.vector_store_id)).find((f) => f._id === file.id);
    if (!out) throw new AppError(assistants.ASSISTANT_ERRORS.fileNotFound);
    return out;
  });

}

/**
 * Batch import calls (issue 16 part 1, ADR 029): start an import (multipart, administrators
 * only) into a vector store or a generic document collection, read one back, and list where
 * an import may go. Multipart parsing lives in this
 * plugin's own scope. The upload is size-limited here and every file is content-checked by
 * the job with the assistants' check (a refused file is reported failed, with the reason).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_IDS, assistants, documents, isAppId, quantumHr } from '@chi/contract';
import type { AppId } from '@chi/contract';
import { AppError, validationError } from '../../../http/app-error';
import { registerHandler } from '../../../http/registrar';
import { requireUser, storeFor } from '../assistants-access';
import type { AssistantsDeps } from '../assistants-deps';
import { ensureQuantumHr } from '../quantum-hr/quantum-hr.service';
import { isDedicatedScope } from '../../documents/document-access';
import { BATCH_IMPORT_JOB, createImport, presentImport } from './batch-import.service';
import type { ImportTarget } from './batch-import.service';
import { defineBatchImportJob } from './batch-import.job';
import { defaultLimits, unpack, UnpackError } from './unpack';
import type { ReceivedFile } from './unpack';
import { parseLimitsOf } from '../ingest/isolated-parse';

/** One part of the upload (a zip) may be this large; each file inside still obeys the per-file limit. */
const UPLOAD_PART_MAX_BYTES = 100 * 1024 * 1024;

function uploadError(message: string, code: number): AppError {
  return new AppError({ name: 'Upload Error', message, code });
}

async function receive(request: FastifyRequest): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw validationError(`files: send the files as multipart/form-data in the field "${assistants.ASSISTANT_FILE_FIELD}"`);
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== assistants.ASSISTANT_FILE_FIELD) throw validationError(`files: files go in the field "${assistants.ASSISTANT_FILE_FIELD}", not "${part.fieldname}"`);
      files.push({ name: part.filename, content: await part.toBuffer() });
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(`An uploaded file is larger than ${UPLOAD_PART_MAX_BYTES / 1024 / 1024} MB`, 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw uploadError(`At most ${quantumHr.BATCH_IMPORT_MAX_FILES} files in one import`, 413);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') throw validationError('files: the upload is not valid multipart/form-data');
    throw error;
  }
  if (files.length === 0) throw validationError('files: no file was sent');
  return files;
}

/** A collection an import may fill: a mutable data type of a known app that no dedicated call owns. */
function isImportCollection(appId: string, dataType: string): boolean {
  return isAppId(appId) && documents.DATA_TYPE_PATTERN.test(dataType) && !dataType.startsWith('_') && !isDedicatedScope({ appId, dataType });
}

/** `collection=<appId>/<DataType>`, checked the way the generic document routes check their path. */
function parseCollection(raw: unknown): quantumHr.ImportCollection {
  if (typeof raw !== 'string' || raw.length > 140) throw validationError('collection: must be <appId>/<DataType>');
  const [appId = '', dataType = '', ...rest] = raw.split('/');
  if (rest.length > 0 || !isAppId(appId)) throw validationError(`collection: must be <appId>/<DataType> with an app of ${APP_IDS.join(', ')}`);
  if (!documents.DATA_TYPE_PATTERN.test(dataType)) throw validationError('collection: the data type must be a capitalised name of letters and digits');
  if (dataType.startsWith('_')) throw validationError('collection: immutable data types (starting with _) cannot be imported into');
  if (isDedicatedScope({ appId, dataType })) throw validationError(`collection: ${appId}/${dataType} is not a generic document collection`);
  return { appId, dataType };
}

export function registerBatchImportRoutes(app: FastifyInstance, deps: AssistantsDeps): void {
  const { db } = deps.database;
  const { now, storage, hub } = deps;
  if (app.jobs) defineBatchImportJob(app.jobs, { db, storage, hub, now, parseLimits: parseLimitsOf(deps.config.limits) });
  const hr = () => ensureQuantumHr({ db, storage, now, jobs: app.jobs });

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_PART_MAX_BYTES, files: quantumHr.BATCH_IMPORT_MAX_FILES, fields: 10, parts: quantumHr.BATCH_IMPORT_MAX_FILES + 10, fieldSize: 1024 },
    });

    registerHandler(scope, quantumHr.startBatchImport, async (_input, { request, id = '' }) => {
      const user = requireUser(request.user);
      const params = request.params as Record<string, unknown>;
      const prefix = decodeURIComponent(id);
      if (!quantumHr.FILE_NAME_PREFIX_PATTERN.test(prefix)) throw validationError('fileNamePrefix: must be 1-64 letters, digits, _, - or .');
      const pipe = typeof params.pipeName === 'string' ? params.pipeName : '';
      const listener = typeof params.listenerName === 'string' ? params.listenerName : '';
      if (!assistants.PIPE_NAME_PATTERN.test(pipe)) throw validationError('pipeName: must be 8-64 letters, digits, _ or -');
      if (!assistants.LISTENER_NAME_PATTERN.test(listener)) throw validationError('listenerName: must be 1-64 letters, digits, _ or -');
      const query = request.query as Record<string, unknown>;
      const requested = query.vectorStoreId;
      if (requested !== undefined && (typeof requested !== 'string' || requested.length === 0 || requested.length > 64)) throw validationError('vectorStoreId: must be a vector store id');
      if (requested !== undefined && query.collection !== undefined) throw validationError('collection: name a vector store or a collection, not both');
      const target: ImportTarget =
        query.collection !== undefined
          ? { kind: 'documents', collection: parseCollection(query.collection) }
          : { kind: 'vectorStore', storeId: typeof requested === 'string' ? (await storeFor(db, requested, user)).id : (await hr()).postingsStoreId };
      if (!(await hub.claim(pipe, user.id))) throw new AppError(assistants.ASSISTANT_ERRORS.pipeTaken);

      let files: ReceivedFile[];
      try {
        files = unpack(await receive(request), defaultLimits(deps.config.assistantFileMaxBytes));
      } catch (error) {
        if (error instanceof UnpackError) throw error.code === 400 ? validationError(`files: ${error.message}`) : uploadError(error.message, error.code);
        throw error;
      }
      const { id: importId } = await createImport(db, storage, { ownerId: user.id, target, prefix, pipe: { pipe, listener }, files, at: now() });
      await app.jobs?.enqueue(BATCH_IMPORT_JOB, { importId });
      const out = await presentImport(db, importId);
      if (!out) throw new Error('the import just created is missing');
      return out;
    });
  });

  registerHandler(app, quantumHr.getBatchImport, async (_input, { id = '' }) => {
    const out = await presentImport(db, id);
    if (!out) throw new AppError({ name: 'Not Found', message: 'Batch import not found', code: 404 });
    return out;
  });

  registerHandler(app, quantumHr.listImportTargets, async () => {
    const state = await hr();
    const rows = await db.selectFrom('assistants').select(['name', 'vector_store_id']).where('id', '!=', state.assistantId).orderBy('name').limit(500).execute();
    const collections = await db
      .selectFrom('documents')
      .select(['app_id', 'data_type', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(['app_id', 'data_type'])
      .orderBy('app_id')
      .orderBy('data_type')
      .limit(1000)
      .execute();
    return {
      collections: collections
        .filter((c) => isImportCollection(c.app_id, c.data_type))
        .map((c) => ({ appId: c.app_id as AppId, dataType: c.data_type, documents: Number(c.n) })),
      targets: [
        { vectorStoreId: state.postingsStoreId, name: 'Quantum HR: job postings', kind: 'hrPostings' as const },
        { vectorStoreId: state.cvsStoreId, name: 'Quantum HR: CVs', kind: 'hrCvs' as const },
        ...rows.map((row) => ({ vectorStoreId: row.vector_store_id, name: row.name, kind: 'assistant' as const })),
      ],
    };
  });
}

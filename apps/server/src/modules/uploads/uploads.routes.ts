/**
 * Image uploads (SPEC §7 Uploads, issue 5). Multipart parsing is registered inside this
 * plugin's scope only, so no other route accepts multipart bodies.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, isAppId, uploads } from '@chi/contract';
import type { AppId } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, validationError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import type { FileStorage } from '../../storage/file-storage';
import { storedBytesOf } from '../../storage/quota';
import { fileTooLarge, incomingKey, OverQuota, receiveToStorage } from '../../storage/receive-to-storage';
import { newId } from '../../security/secrets';
import type { UserDataRegistry } from '../account/user-data-registry';
import { detectImageType, looksLikeSvg, sanitiseFileName } from './image-type';
import { uploadMessages } from './upload-messages';
import type { UploadMessages } from './upload-messages';
import { forgetUploads, listUploadsOf, storeUploads, toUploadedFile, UPLOAD_ID_PATTERN, uploadKey } from './uploads.service';
import type { PendingFile } from './uploads.service';

export interface UploadsDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly userData: UserDataRegistry;
  readonly storage: FileStorage;
}

function appIdOf(value: unknown, messages: UploadMessages): AppId {
  if (typeof value !== 'string' || !isAppId(value)) throw validationError(messages.unknownApp());
  return value;
}

function uploadError(message: string, code: number): AppError {
  return new AppError({ name: 'Upload Error', message, code });
}

/** Maps the multipart plugin's limit errors to messages a person can act on. */
function limitError(error: unknown, config: Config, messages: UploadMessages): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadError(messages.tooLarge(config.uploadMaxBytes), 413);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return uploadError(messages.tooMany(config.uploadMaxFiles), 413);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') return validationError(messages.badMultipart());
  return undefined;
}

/**
 * Streams each image into the storage (never whole in memory), within the uploader's storage
 * quota; its type is told from its first bytes. A failure removes what was received.
 */
async function readImages(request: FastifyRequest, deps: UploadsDeps, ownerId: string, messages: UploadMessages): Promise<PendingFile[]> {
  const { config, storage } = deps;
  const quota = config.limits.storageQuotaBytes;
  let used = await storedBytesOf(deps.database.db, ownerId);
  const files: PendingFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== uploads.UPLOAD_FIELD) throw validationError(messages.wrongField(part.fieldname, uploads.UPLOAD_FIELD));
      // The client's name is for display only (sanitised); the stored path never uses it.
      const name = sanitiseFileName(part.filename);
      const received = await receiveToStorage(storage, part.file, incomingKey(newId()), { allowance: quota - used, headBytes: 4096 });
      const type = detectImageType(received.head);
      if (part.file.truncated || type === undefined) {
        await storage.delete(received.key);
        if (part.file.truncated) throw fileTooLarge();
        throw uploadError(looksLikeSvg(received.head) ? messages.svgRefused(name) : messages.notAnImage(name), 415);
      }
      used += received.size;
      files.push({ name, type, incomingKey: received.key, size: received.size });
    }
  } catch (error) {
    await Promise.all(files.map((file) => storage.delete(file.incomingKey)));
    if (error instanceof OverQuota) throw uploadError(messages.overQuota(quota), 413);
    throw limitError(error, config, messages) ?? error;
  }
  if (files.length === 0) throw validationError(messages.noFiles());
  return files;
}

export function registerUploadRoutes(app: FastifyInstance, deps: UploadsDeps): void {
  const { config, storage } = deps;
  const { db } = deps.database;

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: config.uploadMaxBytes, files: config.uploadMaxFiles, fields: 20, parts: config.uploadMaxFiles + 20, fieldSize: 1024 },
    });

    registerHandler(scope, uploads.upload, async (_input, { request }) => {
      const user = request.user;
      if (user === null) throw new AppError(ERRORS.unauthorized);
      if (user.isGuest === true) throw new AppError(ERRORS.forbidden);
      const messages = uploadMessages(request);
      const appId = appIdOf((request.params as { appId?: string }).appId, messages);
      if (!request.isMultipart()) throw validationError(messages.notMultipart(uploads.UPLOAD_FIELD));
      const files = await readImages(request, deps, user.id, messages);
      const rows = await storeUploads(db, storage, appId, user.id, files, deps.now());
      return { files: rows.map(toUploadedFile), message: messages.uploaded(rows.length) };
    });
  });

  registerHandler(app, uploads.listUploads, async (input, { request }) => {
    const user = request.user;
    if (user === null) throw new AppError(ERRORS.unauthorized);
    const appId = input.appId === undefined ? undefined : appIdOf(input.appId, uploadMessages(request));
    return { _images: (await listUploadsOf(db, user.id, appId)).map(toUploadedFile) };
  });

  app.get(`${uploads.UPLOADS_PUBLIC_PATH}/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const row = UPLOAD_ID_PATTERN.test(id) ? await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    const stream = row ? await storage.openRead(uploadKey(row)) : undefined;
    // A plain 404, not the web client's page: this URL is an image, never a route of the SPA.
    if (!row || !stream) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(row.content_type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.original_name)}`)
      // The content of an id never changes; a day keeps a forgotten person's images from lingering long.
      .header('cache-control', 'private, max-age=86400')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(stream);
  });

  // Deeper paths name no upload; answering them here keeps them from reaching the SPA fallback.
  app.get(`${uploads.UPLOADS_PUBLIC_PATH}/*`, async (_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));

  deps.userData.register({
    name: 'uploads',
    columns: ['uploads.owner_id'],
    forget: async (accountId, trx) => {
      const keys = await forgetUploads(trx, accountId);
      // After the rows: a failure to remove a file must not keep the person's rows.
      await Promise.all(keys.map((key) => storage.delete(key)));
    },
    export: async (accountId, database) => (await listUploadsOf(database, accountId, undefined)).map(toUploadedFile),
  });
}

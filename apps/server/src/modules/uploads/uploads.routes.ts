/**
 * Image uploads (SPEC §7 Uploads, issue 5). Multipart parsing is registered inside this
 * plugin's scope only, so no other route accepts multipart bodies.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, isAppId, uploads } from '@chi/contract';
import type { AppId } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, validationError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import type { UserDataRegistry } from '../account/user-data-registry';
import { detectImageType, sanitiseFileName } from './image-type';
import { forgetUploads, listUploadsOf, storeUploads, storedPath, toUploadedFile, UPLOAD_ID_PATTERN } from './uploads.service';
import type { PendingFile } from './uploads.service';

export interface UploadsDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly userData: UserDataRegistry;
}

const ACCEPTED = 'PNG, JPEG, GIF or WebP';

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function appIdOf(value: unknown): AppId {
  if (typeof value !== 'string' || !isAppId(value)) throw validationError('appId: is not an app of this product');
  return value;
}

/** Maps the multipart plugin's limit errors to messages a person can act on. */
function limitError(error: unknown, config: Config): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError({ name: 'Upload Error', message: `File too large: at most ${megabytes(config.uploadMaxBytes)} per file`, code: 413 });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError({ name: 'Upload Error', message: `Too many files: at most ${config.uploadMaxFiles} per upload`, code: 413 });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') return validationError('files: not a valid multipart body');
  return undefined;
}

async function readImages(request: FastifyRequest, config: Config): Promise<PendingFile[]> {
  const files: PendingFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== uploads.UPLOAD_FIELD) throw validationError(`${part.fieldname}: files must be sent in the field "${uploads.UPLOAD_FIELD}"`);
      const content = await part.toBuffer();
      const name = sanitiseFileName(part.filename);
      const type = detectImageType(content);
      if (type === undefined) throw new AppError({ name: 'Upload Error', message: `${name}: not an accepted image (${ACCEPTED})`, code: 415 });
      files.push({ name, type, content });
    }
  } catch (error) {
    throw limitError(error, config) ?? error;
  }
  if (files.length === 0) throw validationError(`files: choose at least one image (${ACCEPTED})`);
  return files;
}

export function registerUploadRoutes(app: FastifyInstance, deps: UploadsDeps): void {
  const { config } = deps;
  const { db } = deps.database;

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: config.uploadMaxBytes, files: config.uploadMaxFiles, fields: 20, parts: config.uploadMaxFiles + 20, fieldSize: 1024 },
    });

    registerHandler(scope, uploads.upload, async (_input, { request }) => {
      const user = request.user;
      if (user === null) throw new AppError(ERRORS.unauthorized);
      if (user.isGuest === true) throw new AppError(ERRORS.forbidden);
      const appId = appIdOf((request.params as { appId?: string }).appId);
      if (!request.isMultipart()) throw validationError(`files: send multipart/form-data with the field "${uploads.UPLOAD_FIELD}"`);
      const files = await readImages(request, config);
      const rows = await storeUploads(db, config.dataDir, appId, user.id, files, deps.now());
      const message = rows.length === 1 ? '1 image uploaded' : `${rows.length} images uploaded`;
      return { files: rows.map(toUploadedFile), message };
    });
  });

  registerHandler(app, uploads.listUploads, async (input, { request }) => {
    const user = request.user;
    if (user === null) throw new AppError(ERRORS.unauthorized);
    const appId = input.appId === undefined ? undefined : appIdOf(input.appId);
    return { _images: (await listUploadsOf(db, user.id, appId)).map(toUploadedFile) };
  });

  app.get(`${uploads.UPLOADS_PUBLIC_PATH}/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const row = UPLOAD_ID_PATTERN.test(id) ? await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    const path = row ? storedPath(config.dataDir, row) : undefined;
    const found = path ? await stat(path).then((s) => s.isFile(), () => false) : false;
    // A plain 404, not the web client's page: this URL is an image, never a route of the SPA.
    if (!row || !path || !found) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(row.content_type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.original_name)}`)
      // The content of an id never changes; a day keeps a forgotten person's images from lingering long.
      .header('cache-control', 'private, max-age=86400')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(createReadStream(path));
  });

  // Deeper paths name no upload; answering them here keeps them from reaching the SPA fallback.
  app.get(`${uploads.UPLOADS_PUBLIC_PATH}/*`, async (_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));

  deps.userData.onForgetUser(async (accountId, trx) => {
    const paths = await forgetUploads(trx, config.dataDir, accountId);
    // After the rows: a failure to remove a file must not keep the person's rows.
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  });
  deps.userData.onExportUser('uploads', async (accountId, database) => (await listUploadsOf(database, accountId, undefined)).map(toUploadedFile));
}

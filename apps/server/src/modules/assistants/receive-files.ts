/**
 * An assistant file upload, received as the image uploads are (issue 24, ADR 042): each file
 * streams into the storage, never whole in memory, within the uploader's storage quota, and its
 * type is sniffed as it passes (ingest/file-type.ts). Only a JSON file is read back, to check
 * that it parses (bounded by ASSISTANT_FILE_MAX_BYTES). A file refused for its kind or content is
 * removed and named; a failure of the upload itself (size, quota, the form) removes all it received.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { assistants } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import { AppError, validationError } from '../../http/app-error';
import { newId } from '../../security/secrets';
import type { FileStorage } from '../../storage/file-storage';
import { readableSize, storedBytesOf } from '../../storage/quota';
import { fileTooLarge, incomingKey, OverQuota, receiveToStorage } from '../../storage/receive-to-storage';
import { sanitiseFileName } from '../uploads/image-type';
import { checkJson, detectSniffedType, FileSniffer, refuse, type Refused } from './ingest/file-type';
import type { ReceivedContent } from './store.service';

export const MAX_FILES_PER_UPLOAD = 10;

export interface ReceiveDeps {
  readonly db: Kysely<DatabaseSchema>;
  readonly storage: FileStorage;
  readonly maxBytes: number;
  readonly quotaBytes: number;
}

export function uploadError(message: string, code: number): AppError {
  return new AppError({ name: 'Upload Error', message, code });
}

export function overQuotaError(quotaBytes: number): AppError {
  return new AppError({
    name: 'Storage Quota Exceeded',
    message: `Storage full: your files may take at most ${readableSize(quotaBytes)} in all; delete assistant files or images you no longer need`,
    code: 413,
  });
}

async function readBack(storage: FileStorage, key: string): Promise<Buffer> {
  const stream = await storage.openRead(key);
  const parts: Buffer[] = [];
  if (stream) for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}

/** What an upload brought: the files to add, and those refused for their kind or content (none of them kept). */
export interface ReceivedUpload {
  readonly files: ReceivedContent[];
  readonly refused: Refused[];
}

export async function receiveFiles(request: FastifyRequest, deps: ReceiveDeps, ownerId: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw validationError(`The files must be sent as multipart/form-data in the field "${assistants.ASSISTANT_FILE_FIELD}"`);
  const { storage } = deps;
  let used = await storedBytesOf(deps.db, ownerId);
  const files: ReceivedContent[] = [];
  const refused: Refused[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== assistants.ASSISTANT_FILE_FIELD) throw validationError(`Files go in the field "${assistants.ASSISTANT_FILE_FIELD}", not "${part.fieldname}"`);
      const name = sanitiseFileName(part.filename);
      const sniff = new FileSniffer();
      const received = await receiveToStorage(storage, part.file, incomingKey(newId()), { allowance: deps.quotaBytes - used, headBytes: 0, onChunk: (chunk) => sniff.push(chunk) });
      const type = part.file.truncated ? undefined : detectSniffedType(name, sniff.finish());
      if (type === undefined) {
        await storage.delete(received.key);
        throw fileTooLarge();
      }
      const refusal = 'refused' in type ? type : type.kind === 'json' ? checkJson(name, await readBack(storage, received.key)) : undefined;
      if (refusal !== undefined || 'refused' in type) {
        // Said, not added; the rest of the choice goes on (one empty file refused the whole choice).
        await storage.delete(received.key);
        refused.push(refusal ?? refuse(name, 'kind'));
        continue;
      }
      used += received.size;
      files.push({ name, type, incomingKey: received.key, size: received.size, hash: received.sha256 });
    }
  } catch (error) {
    await Promise.all(files.map((file) => storage.delete(file.incomingKey)));
    if (error instanceof OverQuota) throw overQuotaError(deps.quotaBytes);
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(`A file is larger than ${Math.round(deps.maxBytes / 1024 / 1024)} MB`, 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw uploadError(`At most ${MAX_FILES_PER_UPLOAD} files at a time`, 413);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') throw validationError('The upload is not valid multipart/form-data');
    throw error;
  }
  if (files.length === 0 && refused.length === 0) throw validationError('No file was sent');
  return { files, refused };
}

/** The upload's first refusal as the error of a call that adds nothing (415, the contract's message). */
export function refusalError(refusal: Refused): AppError {
  return uploadError(refusal.refused, 415);
}

/** Removes whatever of an upload was not moved to its own key (a no-op for moved ones). */
export async function discardLeftovers(storage: FileStorage, files: readonly ReceivedContent[]): Promise<void> {
  await Promise.all(files.map((file) => storage.delete(file.incomingKey)));
}

/**
 * Writes an uploaded file's stream straight into the file storage (issue 24, ADR 042): never
 * held whole in memory. Counts its bytes against what the uploader may still store, hashes it,
 * keeps its first bytes for type sniffing, and lets a caller look at each chunk as it passes.
 * On any failure the partly written key is removed.
 */
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageKey } from './file-storage';
import type { FileStorage } from './file-storage';

export interface Received {
  readonly key: string;
  readonly size: number;
  readonly sha256: string;
  /** The first `headBytes` bytes (fewer for a shorter file). */
  readonly head: Buffer;
}

/** The file would take its uploader over the storage quota. */
export class OverQuota extends Error {
  override readonly name = 'OverQuota';
}

export interface ReceiveOptions {
  /** Bytes this file may still take before the uploader's quota is reached. */
  readonly allowance: number;
  readonly headBytes: number;
  readonly onChunk?: (chunk: Buffer) => void;
}

/** Multipart's own error for a file over its size limit, so the routes' limit messages apply. */
export function fileTooLarge(): Error {
  return Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
}

/** A temporary key for a file being received; moved to its own key once its rows are written. */
export function incomingKey(id: string): string {
  return storageKey('uploads', '_incoming', `${id}.part`);
}

export async function receiveToStorage(storage: FileStorage, source: Readable, key: string, options: ReceiveOptions): Promise<Received> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > options.allowance) {
        done(new OverQuota('over the storage quota'));
        return;
      }
      hash.update(chunk);
      if (headLength < options.headBytes) {
        const part = chunk.subarray(0, options.headBytes - headLength);
        head.push(part);
        headLength += part.length;
      }
      options.onChunk?.(chunk);
      done(null, chunk);
    },
  });
  const out = await storage.openWrite(key);
  try {
    await pipeline(source, meter, out);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return { key, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}

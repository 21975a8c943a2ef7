/**
 * Writes a ZIP archive to a stream one entry at a time, entry content from async iterables,
 * with back-pressure: nothing is held in memory beyond the piece being compressed. Each
 * entry's SHA-256 (of its uncompressed bytes) is answered, for manifests.
 *
 * fflate lays out the archive (headers, data descriptors, central directory); a deflated
 * entry's bytes come from Node's zlib (raw deflate, CRC-32) rather than fflate's JavaScript
 * deflate: native, and run on libuv's thread pool, so compressing a million-row task file
 * overlaps with formatting the next rows instead of taking turns with it on the one JS thread.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { constants as zlibConstants, crc32, createDeflateRaw } from 'node:zlib';
import { Zip, ZipPassThrough } from 'fflate';
import type { ZipInputFile } from 'fflate';

/** zlib's level for deflated entries: its default, the size fflate's level 6 gave. */
export const ZIP_DEFLATE_LEVEL = zlibConstants.Z_DEFAULT_COMPRESSION;

/** An entry whose deflated bytes and CRC-32 we hand to fflate ourselves (its ZipInputFile contract). */
interface NativeEntry extends ZipInputFile {
  ondata?: NonNullable<ZipInputFile['ondata']>;
}

export type EntryContent = string | Uint8Array | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

export interface ZipStream {
  /** Adds one entry (`dir/name.ext`, `/`-separated) and answers its SHA-256 (hex) and size. */
  add(name: string, content: EntryContent, options?: { store?: boolean }): Promise<{ sha256: string; size: number }>;
  /** Writes the central directory and ends the output stream once everything is flushed. */
  finish(): Promise<void>;
}

const encoder = new TextEncoder();
const toBytes = (piece: string | Uint8Array) => (typeof piece === 'string' ? encoder.encode(piece) : piece);

export function openZipStream(output: Writable, options: { mtime?: Date; signal?: AbortSignal } = {}): ZipStream {
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });

  /** Hands what fflate produced to the stream, waiting whenever the stream asks us to. */
  async function flush(): Promise<void> {
    if (failure) throw failure;
    options.signal?.throwIfAborted();
    while (pending.length > 0) {
      const chunk = pending.shift() as Uint8Array;
      if (!output.write(chunk)) await once(output, 'drain', options.signal ? { signal: options.signal } : {});
    }
  }

  return {
    async add(name, content, entryOptions = {}) {
      const pieces = typeof content === 'string' || content instanceof Uint8Array ? [content] : content;
      const hash = createHash('sha256');
      let size = 0;
      // `store`: content that is compressed already (audio) is kept as it is.
      if (entryOptions.store) {
        const entry = new ZipPassThrough(name);
        if (options.mtime) entry.mtime = options.mtime;
        zip.add(entry);
        for await (const piece of pieces) {
          const bytes = toBytes(piece);
          if (bytes.length === 0) continue;
          hash.update(bytes);
          size += bytes.length;
          entry.push(bytes);
          await flush();
        }
        entry.push(new Uint8Array(0), true);
        await flush();
        return { sha256: hash.digest('hex'), size };
      }
      const entry: NativeEntry = { filename: name, size: 0, crc: 0, compression: 8, ...(options.mtime ? { mtime: options.mtime } : {}) };
      zip.add(entry);
      const deflate = createDeflateRaw({ level: ZIP_DEFLATE_LEVEL });
      deflate.on('data', (chunk: Buffer) => entry.ondata?.(null, chunk as Uint8Array<ArrayBuffer>, false));
      let crc = 0;
      try {
        for await (const piece of pieces) {
          const bytes = toBytes(piece);
          if (bytes.length === 0) continue;
          hash.update(bytes);
          crc = crc32(bytes, crc);
          size += bytes.length;
          // Back-pressure both ways: zlib's input buffer, then what it produced towards the output.
          if (!deflate.write(bytes)) await once(deflate, 'drain', options.signal ? { signal: options.signal } : {});
          await flush();
        }
        deflate.end();
        await finished(deflate, { readable: true, writable: true });
      } catch (error) {
        deflate.destroy();
        throw error;
      }
      entry.size = size;
      entry.crc = crc;
      entry.ondata?.(null, new Uint8Array(0), true);
      await flush();
      return { sha256: hash.digest('hex'), size };
    },
    async finish() {
      zip.end();
      await flush();
      output.end();
      await finished(output);
    },
  };
}

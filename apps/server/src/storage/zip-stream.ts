/**
 * Writes a ZIP archive to a stream one entry at a time, entry content from async iterables,
 * with back-pressure: nothing is held in memory beyond the piece being compressed. Each
 * entry's SHA-256 (of its uncompressed bytes) is answered, for manifests.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

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
      // `store`: content that is compressed already (audio) is kept as it is.
      const entry = entryOptions.store ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      if (options.mtime) entry.mtime = options.mtime;
      zip.add(entry);
      const hash = createHash('sha256');
      let size = 0;
      const pieces = typeof content === 'string' || content instanceof Uint8Array ? [content] : content;
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
    },
    async finish() {
      zip.end();
      await flush();
      output.end();
      await finished(output);
    },
  };
}

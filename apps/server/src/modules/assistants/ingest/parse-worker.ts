/**
 * The parse worker's entry (ADR 041): reads untrusted files in its own thread, one at a time,
 * under the heap and stack limits its host set, and posts back each one's text (or chunks) or
 * the reason it could not. Built as `dist/ingest-worker.js`; in development it runs through tsx.
 */
import { parentPort } from 'node:worker_threads';
import { chunkText } from './chunker';
import type { TextChunk } from './chunker';
import type { DocumentKind } from './file-type';
import { ParseLimitError } from './parse-limits';
import { extractText } from './parsers';

export interface ParseRequest {
  readonly kind: DocumentKind;
  readonly content: Uint8Array;
  /** Chunk in the worker too, so a huge text never passes through the server's event loop. */
  readonly chunk: boolean;
}

export type ParseAnswer =
  | { readonly ok: true; readonly text: string; readonly pageStarts?: readonly number[]; readonly chunks?: readonly TextChunk[] }
  | { readonly ok: false; readonly reason: string };

function reasonOf(error: unknown): string {
  if (error instanceof ParseLimitError) return error.message;
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'this file is nested too deeply to read';
  return error instanceof Error ? error.message : String(error);
}

async function run(request: ParseRequest): Promise<ParseAnswer> {
  try {
    const { text, pageStarts } = await extractText(request.kind, Buffer.from(request.content.buffer, request.content.byteOffset, request.content.byteLength));
    if (!request.chunk) return { ok: true, text, ...(pageStarts ? { pageStarts } : {}) };
    return { ok: true, text: '', ...(pageStarts ? { pageStarts } : {}), chunks: chunkText(text, pageStarts) };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

// One request at a time (the host queues them); the worker lives on for the next file until a limit ends it.
parentPort?.on('message', (request: ParseRequest) => {
  void run(request).then((answer) => parentPort?.postMessage(answer));
});

/**
 * Where the server keeps files (uploads, exports, later audio and assistant files): one small
 * interface addressed by key, so no module builds a file system path itself and another
 * backend (object storage) can replace the local one without touching them (ADR 007).
 *
 * Keys are relative, `/`-separated paths of safe segments (`exports/<id>.csv`); they are
 * always built by the server from its own ids, never from client input, and checked here.
 */
import type { Readable, Writable } from 'node:stream';

export interface StoredFileInfo {
  readonly size: number;
}

export interface PutOptions {
  /** Fail instead of replacing a file that already exists under the key. */
  readonly exclusive?: boolean;
}

export interface WriteOptions {
  /**
   * Bytes the stream takes before its writer must wait for `drain` (highWaterMark; Node's default
   * for a file is 16 KiB). A bulk writer that makes its text while the file is written (an export)
   * asks for more, so the two overlap instead of taking turns.
   */
  readonly bufferBytes?: number;
}

export interface FileStorage {
  /** For humans (start-up line, logs). */
  readonly description: string;
  /** Stores a whole buffer under the key. */
  put(key: string, content: Buffer, options?: PutOptions): Promise<void>;
  /**
   * A stream that writes the key; the file is complete once the stream has finished.
   * `bufferBytes`: how much it takes before asking the writer to wait (the stream's highWaterMark).
   */
  openWrite(key: string, options?: WriteOptions): Promise<Writable>;
  /** A stream of the content, or undefined when nothing is stored under the key. */
  openRead(key: string): Promise<Readable | undefined>;
  /** Size of the stored content, or undefined when nothing is stored under the key. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** Removes the key; removing a missing key is no error. */
  delete(key: string): Promise<void>;
  /** Moves content to another key atomically (a reader sees the old or the new, never half). */
  rename(from: string, to: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Throws unless the key is made of safe segments (no `..`, no absolute path, no backslash). */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (segments.length === 0 || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Joins key segments; each segment is checked. */
export function storageKey(...segments: readonly string[]): string {
  return checkKey(segments.join('/'));
}

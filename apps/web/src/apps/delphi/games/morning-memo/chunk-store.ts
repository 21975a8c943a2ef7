/**
 * Where a recording lives in the browser until the server has it whole (ADR 018): every
 * MediaRecorder chunk is written to IndexedDB as it arrives, with its offset and SHA-256, and
 * marked acknowledged when the server has it. A reload, a closed tab or an offline minute
 * loses nothing: the next page load of the study finds the chunks and sends what is left.
 * A browser without IndexedDB (or private modes that refuse it) keeps them in memory: the
 * recording then survives an outage but not a reload, which the page says nothing about.
 */
import type { recordings } from '@chi/contract';

export interface StoredRecording {
  readonly id: string;
  readonly participant: string;
  readonly suite: string;
  /** The game's startGame `_clientId`. */
  readonly gameRef: string;
  readonly kind: recordings.RecordingKind;
  readonly mimeType: string;
  /** Chunks written so far (their indexes are 0..chunks-1). */
  chunks: number;
  bytes: number;
  /** The recorder stopped: no more chunks will come. */
  finished: boolean;
  durationMs: number | null;
  /** The server assembled and checked it. */
  completed: boolean;
  /** The server refused it for good (its message), never silently. */
  failed: string | null;
  /** Epoch ms when recording started. */
  readonly createdAt: number;
  /** Epoch ms of the last chunk stored (a page that stopped writing left it unfinished). */
  lastChunkAt: number;
}

export interface StoredChunk {
  readonly recordingId: string;
  readonly index: number;
  readonly offset: number;
  readonly data: Uint8Array;
  readonly sha256: string;
  acked: boolean;
}

export interface ChunkStore {
  putRecording(recording: StoredRecording): Promise<void>;
  putChunk(chunk: StoredChunk): Promise<void>;
  recordings(): Promise<StoredRecording[]>;
  chunks(recordingId: string): Promise<StoredChunk[]>;
  /** Drops the chunks of a completed recording (the meta row stays, marked completed). */
  dropChunks(recordingId: string): Promise<void>;
}

export class MemoryChunkStore implements ChunkStore {
  private readonly recs = new Map<string, StoredRecording>();
  private readonly parts = new Map<string, StoredChunk>();

  async putRecording(recording: StoredRecording): Promise<void> {
    this.recs.set(recording.id, { ...recording });
  }
  async putChunk(chunk: StoredChunk): Promise<void> {
    this.parts.set(`${chunk.recordingId}/${chunk.index}`, { ...chunk });
  }
  async recordings(): Promise<StoredRecording[]> {
    return [...this.recs.values()].map((r) => ({ ...r })).sort((a, b) => a.createdAt - b.createdAt);
  }
  async chunks(recordingId: string): Promise<StoredChunk[]> {
    return [...this.parts.values()].filter((c) => c.recordingId === recordingId).map((c) => ({ ...c })).sort((a, b) => a.index - b.index);
  }
  async dropChunks(recordingId: string): Promise<void> {
    for (const key of [...this.parts.keys()]) if (key.startsWith(`${recordingId}/`)) this.parts.delete(key);
  }
}

const DB_NAME = 'chi-delphi-memo';
const RECORDINGS = 'recordings';
const CHUNKS = 'chunks';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export class IndexedDbChunkStore implements ChunkStore {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(factory: IDBFactory = indexedDB): Promise<IndexedDbChunkStore> {
    const req = factory.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore(RECORDINGS, { keyPath: 'id' });
      db.createObjectStore(CHUNKS, { keyPath: ['recordingId', 'index'] });
    };
    return new IndexedDbChunkStore(await request(req));
  }

  private async write(store: string, action: (s: IDBObjectStore) => void): Promise<void> {
    const tx = this.db.transaction(store, 'readwrite');
    action(tx.objectStore(store));
    await done(tx);
  }

  putRecording(recording: StoredRecording): Promise<void> {
    return this.write(RECORDINGS, (s) => s.put({ ...recording }));
  }
  putChunk(chunk: StoredChunk): Promise<void> {
    return this.write(CHUNKS, (s) => s.put({ ...chunk }));
  }
  async recordings(): Promise<StoredRecording[]> {
    const all = (await request(this.db.transaction(RECORDINGS).objectStore(RECORDINGS).getAll())) as StoredRecording[];
    return all.sort((a, b) => a.createdAt - b.createdAt);
  }
  async chunks(recordingId: string): Promise<StoredChunk[]> {
    const range = IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER]);
    return (await request(this.db.transaction(CHUNKS).objectStore(CHUNKS).getAll(range))) as StoredChunk[];
  }
  dropChunks(recordingId: string): Promise<void> {
    return this.write(CHUNKS, (s) => s.delete(IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER])));
  }
}

let opened: Promise<ChunkStore> | null = null;

/** The page's one store: IndexedDB when the browser lets us, else memory. */
export function chunkStore(): Promise<ChunkStore> {
  opened ??= (typeof indexedDB === 'undefined' ? Promise.reject(new Error('no IndexedDB')) : IndexedDbChunkStore.open()).catch(
    (): ChunkStore => new MemoryChunkStore(),
  );
  return opened;
}

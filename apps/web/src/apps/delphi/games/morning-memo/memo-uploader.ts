/**
 * Sends the stored chunks of every unfinished recording as parts, one at a time in order,
 * then asks the server to assemble them (ADR 018). Every step is idempotent on the server, so
 * after any failure the uploader simply starts the pass again after a back-off: a part whose
 * answer was lost comes back as a duplicate; a part the server says is missing is sent again.
 * Only a refusal that will never change (a 4xx other than 408/409/429) stops a recording, and
 * it is shown, never silent.
 */
import type { recordings } from '@chi/contract';
import { backoffDelay } from '../../../../shell/durable-queue/retry-policy';
import type { ChunkStore, StoredChunk, StoredRecording } from './chunk-store';

export interface PartInput {
  participant: string;
  suite: string;
  recording: string;
  gameRef: string;
  kind: recordings.RecordingKind;
  mimeType: string;
  part: number;
  offset: number;
  data: string;
  sha256: string;
}

export interface CompleteInput {
  participant: string;
  suite: string;
  recording: string;
  parts: number;
  bytes: number;
  sha256: string;
  durationMs: number;
}

export interface RecordingTransport {
  uploadPart(input: PartInput): Promise<{ duplicate: boolean }>;
  complete(input: CompleteInput): Promise<unknown>;
}

/** `missing`: the server lacks parts we thought it had (send them all again). */
export type UploadFailure = 'retry' | 'missing' | 'permanent' | 'outdated';

export interface UploaderSnapshot {
  /** Recordings the server does not have whole yet. */
  readonly pending: number;
  /** The last attempt failed and a retry is scheduled. */
  readonly retrying: boolean;
  /** Recordings refused for good. */
  readonly failed: number;
}

export interface UploaderOptions {
  classify: (error: unknown) => UploadFailure;
  random?: () => number;
  /** Waits before a retry; tests pass an immediate one. */
  sleep?: (ms: number) => Promise<void>;
  sha256: (data: Uint8Array) => Promise<string>;
}

export function toBase64(data: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function webSha256(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class RecordingUploader {
  private running: Promise<void> | null = null;
  private again = false;
  private attempt = 0;
  private state: UploaderSnapshot = { pending: 0, retrying: false, failed: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly idleWaiters: Array<() => void> = [];

  constructor(
    private readonly store: ChunkStore,
    private readonly transport: RecordingTransport,
    private readonly options: UploaderOptions,
  ) {}

  snapshot(): UploaderSnapshot {
    return this.state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private publish(next: Partial<UploaderSnapshot>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Something new to send (a chunk, a stop, the network back): runs a pass now or after the current one. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  /** Resolves when no pass is running (tests, and the end screen's wait). */
  whenIdle(): Promise<void> {
    return this.running ? new Promise((resolve) => this.idleWaiters.push(resolve)) : Promise.resolve();
  }

  private async loop(): Promise<void> {
    for (;;) {
      this.again = false;
      let failure: UploadFailure | null = null;
      try {
        await this.pass();
        this.attempt = 0;
        this.publish({ retrying: false });
      } catch (error) {
        failure = this.options.classify(error);
      }
      if (failure !== null) {
        // A permanent refusal was recorded on the recording by pass(); anything else is retried,
        // but for an outdated page (ADR 080): its chunks wait, stored, for the reload it asks for.
        this.publish({ retrying: true });
        if (failure === 'outdated') return;
        const wait = backoffDelay(this.attempt, this.options.random ?? Math.random, 500, 10_000);
        this.attempt += 1;
        await (this.options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(wait);
        continue;
      }
      if (!this.again) return;
    }
  }

  private async refresh(): Promise<StoredRecording[]> {
    const all = await this.store.recordings();
    this.publish({ pending: all.filter((r) => !r.completed && r.failed === null).length, failed: all.filter((r) => r.failed !== null).length });
    return all;
  }

  private async pass(): Promise<void> {
    for (const recording of await this.refresh()) {
      if (recording.completed || recording.failed !== null) continue;
      try {
        await this.send(recording);
      } catch (error) {
        const kind = this.options.classify(error);
        if (kind === 'missing') {
          // The server lacks a part we counted as sent (its storage was restored, or a part
          // vanished): send every part again; the ones it has answer as duplicates.
          for (const chunk of await this.store.chunks(recording.id)) await this.store.putChunk({ ...chunk, acked: false });
        }
        if (kind === 'permanent') {
          recording.failed = error instanceof Error ? error.message : String(error);
          await this.store.putRecording(recording);
          await this.refresh();
          continue;
        }
        throw error;
      }
    }
    await this.refresh();
  }

  private async send(recording: StoredRecording): Promise<void> {
    const chunks = await this.store.chunks(recording.id);
    for (const chunk of chunks) {
      if (chunk.acked) continue;
      await this.transport.uploadPart(this.partInput(recording, chunk));
      await this.store.putChunk({ ...chunk, acked: true });
    }
    if (!recording.finished || chunks.length !== recording.chunks || chunks.length === 0) return;
    const whole = concat(chunks);
    await this.transport.complete({
      participant: recording.participant,
      suite: recording.suite,
      recording: recording.id,
      parts: chunks.length,
      bytes: whole.length,
      sha256: await this.options.sha256(whole),
      durationMs: Math.max(0, recording.durationMs ?? 0),
    });
    recording.completed = true;
    await this.store.putRecording(recording);
    await this.store.dropChunks(recording.id);
  }

  private partInput(recording: StoredRecording, chunk: StoredChunk): PartInput {
    return {
      participant: recording.participant,
      suite: recording.suite,
      recording: recording.id,
      gameRef: recording.gameRef,
      kind: recording.kind,
      mimeType: recording.mimeType,
      part: chunk.index,
      offset: chunk.offset,
      data: toBase64(chunk.data),
      sha256: chunk.sha256,
    };
  }
}

function concat(chunks: readonly StoredChunk[]): Uint8Array {
  const whole = new Uint8Array(chunks.reduce((n, c) => n + c.data.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk.data, at);
    at += chunk.data.length;
  }
  return whole;
}

/**
 * The upload protocol's client against a server model that keeps parts the way the real one
 * does (by index, duplicates acknowledged, different bytes refused, completion checked).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError, outdatedError } from '../../../../shell/api/errors';
import { MemoryChunkStore, type StoredRecording } from './chunk-store';
import { classifyUpload } from './memo-client';
import { RecordingUploader, toBase64, type CompleteInput, type PartInput } from './memo-uploader';

const sha = async (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

class ServerModel {
  parts = new Map<string, Map<number, string>>();
  completed = new Map<string, string>();
  calls: string[] = [];
  /** Answers to give instead of handling: an Error throws, 'lost' stores then throws (the answer never arrived). */
  script: Array<Error | 'lost' | null> = [];

  private next(): Error | 'lost' | null {
    return this.script.shift() ?? null;
  }

  async uploadPart(input: PartInput): Promise<{ duplicate: boolean }> {
    this.calls.push(`part ${input.part}`);
    const step = this.next();
    if (step instanceof Error) throw step;
    const parts = this.parts.get(input.recording) ?? new Map<number, string>();
    this.parts.set(input.recording, parts);
    const known = parts.get(input.part);
    if (known !== undefined && known !== input.data) throw new ApiError({ name: 'Recording Error', message: 'other content', code: 409, status: 409 });
    parts.set(input.part, input.data);
    if (step === 'lost') throw new ApiError({ name: 'Request Error', message: 'offline', code: undefined, status: undefined });
    return { duplicate: known !== undefined };
  }

  async complete(input: CompleteInput): Promise<unknown> {
    this.calls.push('complete');
    const step = this.next();
    if (step instanceof Error) throw step;
    const parts = this.parts.get(input.recording) ?? new Map<number, string>();
    for (let i = 0; i < input.parts; i++) {
      if (!parts.has(i)) throw new ApiError({ name: 'Recording Error', message: `Part ${i} of this recording is missing.`, code: 409, status: 409 });
    }
    const whole = Buffer.concat([...Array(input.parts).keys()].map((i) => Buffer.from(parts.get(i) ?? '', 'base64')));
    if (whole.length !== input.bytes || (await sha(whole)) !== input.sha256) throw new ApiError({ name: 'Recording Error', message: 'checksum', code: 400, status: 400 });
    this.completed.set(input.recording, input.sha256);
    return {};
  }
}

async function storeWith(chunks: number[][], finished = true) {
  const store = new MemoryChunkStore();
  const recording: StoredRecording = {
    id: 'rec-1', participant: 'P1', suite: 'S1', gameRef: 'g1', kind: 'talk', mimeType: 'audio/webm',
    chunks: chunks.length, bytes: 0, finished, durationMs: 3000, completed: false, failed: null, createdAt: 1, lastChunkAt: 2,
  };
  let offset = 0;
  for (const [index, bytes] of chunks.entries()) {
    const data = Uint8Array.from(bytes);
    await store.putChunk({ recordingId: 'rec-1', index, offset, data, sha256: await sha(data), acked: false });
    offset += data.length;
  }
  await store.putRecording({ ...recording, bytes: offset });
  return store;
}

function uploader(store: MemoryChunkStore, server: ServerModel) {
  return new RecordingUploader(store, server, { classify: classifyUpload, sha256: sha, sleep: async () => undefined, random: () => 0 });
}

const CHUNKS = [[0x1a, 0x45, 0xdf, 0xa3], [1, 2, 3], [4, 5], [6]];

describe('the recording uploader', () => {
  it('sends the parts in order, then completes with the length and SHA-256 of the whole', async () => {
    const store = await storeWith(CHUNKS);
    const server = new ServerModel();
    const u = uploader(store, server);
    u.kick();
    await u.whenIdle();
    expect(server.calls).toEqual(['part 0', 'part 1', 'part 2', 'part 3', 'complete']);
    expect(server.completed.get('rec-1')).toBe(await sha(Uint8Array.from(CHUNKS.flat())));
    expect(u.snapshot()).toEqual({ pending: 0, retrying: false, failed: 0 });
    expect(await store.chunks('rec-1')).toEqual([]);
    expect((await store.recordings())[0]?.completed).toBe(true);
  });

  it('retries after an outage and a lost answer without duplicating: the resent part is a duplicate', async () => {
    const store = await storeWith(CHUNKS);
    const server = new ServerModel();
    const offline = new ApiError({ name: 'Request Error', message: 'offline', code: undefined, status: undefined });
    server.script = [null, offline, offline, 'lost'];
    const u = uploader(store, server);
    u.kick();
    await u.whenIdle();
    expect(server.calls).toEqual(['part 0', 'part 1', 'part 1', 'part 1', 'part 1', 'part 2', 'part 3', 'complete']);
    expect(server.parts.get('rec-1')?.size).toBe(4);
    expect(server.completed.size).toBe(1);
  });

  it('stops on an answer from a newer server and keeps the chunks for the reloaded page (ADR 080)', async () => {
    const store = await storeWith(CHUNKS);
    const server = new ServerModel();
    server.script = [outdatedError(200)];
    const u = uploader(store, server);
    u.kick();
    await u.whenIdle();
    // Before: the part again after every back-off, for as long as the tab stayed open.
    expect(server.calls).toEqual(['part 0']);
    expect(u.snapshot()).toMatchObject({ pending: 1, retrying: true });
    expect(await store.chunks('rec-1')).toHaveLength(4);
    const reloaded = uploader(store, server);
    reloaded.kick();
    await reloaded.whenIdle();
    expect(server.completed.size).toBe(1);
  });

  it('sends every part again when the server says one is missing', async () => {
    const store = await storeWith(CHUNKS);
    const server = new ServerModel();
    const u = uploader(store, server);
    // Chunks marked sent whose part the server lost.
    for (const chunk of await store.chunks('rec-1')) await store.putChunk({ ...chunk, acked: chunk.index !== 2 });
    server.parts.set('rec-1', new Map([[0, toBase64(Uint8Array.from(CHUNKS[0] ?? []))]]));
    u.kick();
    await u.whenIdle();
    expect(server.calls).toEqual(['part 2', 'complete', 'part 0', 'part 1', 'part 2', 'part 3', 'complete']);
    expect(server.completed.size).toBe(1);
  });

  it('accepts parts the server received out of order (parallel retries) and completes once', async () => {
    const store = await storeWith(CHUNKS);
    const server = new ServerModel();
    server.parts.set('rec-1', new Map([[3, toBase64(Uint8Array.from(CHUNKS[3] ?? []))], [1, toBase64(Uint8Array.from(CHUNKS[1] ?? []))]]));
    const u = uploader(store, server);
    u.kick();
    await u.whenIdle();
    expect(server.completed.size).toBe(1);
  });

  it('waits for an unfinished recording, and shows a refusal for good instead of retrying it', async () => {
    const store = await storeWith(CHUNKS, false);
    const server = new ServerModel();
    const u = uploader(store, server);
    u.kick();
    await u.whenIdle();
    expect(server.calls).toEqual(['part 0', 'part 1', 'part 2', 'part 3']);
    expect(u.snapshot().pending).toBe(1);

    const refused = await storeWith(CHUNKS);
    const strict = new ServerModel();
    strict.script = [new ApiError({ name: 'Recording Error', message: 'This is not an audio recording.', code: 415, status: 415 })];
    const v = uploader(refused, strict);
    v.kick();
    await v.whenIdle();
    expect(v.snapshot()).toEqual({ pending: 0, retrying: false, failed: 1 });
    expect((await refused.recordings())[0]?.failed).toBe('This is not an audio recording.');
  });
});

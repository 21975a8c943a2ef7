/**
 * The page's one uploader wired to the real server, the microphone stream shared by the
 * game's screens, and a recorder that writes each chunk to the store before anything else.
 */
import { useSyncExternalStore } from 'react';
import { recordings, type InputOf } from '@chi/contract';
import { api } from '../../../../shell/api/api';
import { ApiError } from '../../../../shell/api/errors';
import { classifyFailure } from '../../../../shell/durable-queue/retry-policy';
import { epochNow } from '../../suite/game-run';
import { chunkStore, type ChunkStore, type StoredRecording } from './chunk-store';
import { RecordingUploader, webSha256, type UploadFailure, type UploaderSnapshot } from './memo-uploader';

/** Speech needs far less than Chromium's 128 kbps default: 90 s at 40 kbps is about 450 KB. */
export const AUDIO_BITS_PER_SECOND = 40_000;
/** One chunk (and so one part) per second of audio. */
export const CHUNK_MS = 1000;
/** A recording whose page stopped writing this long ago is finished as it stands. */
const ORPHAN_AFTER_MS = 10_000;

/** The signal researchers analyse, unprocessed: no gain control, noise suppression or echo cancellation. */
export const MIC_CONSTRAINTS: MediaStreamConstraints = {
  audio: { autoGainControl: false, noiseSuppression: false, echoCancellation: false, channelCount: 1 },
  video: false,
};

export function classifyUpload(error: unknown): UploadFailure {
  if (error instanceof ApiError && error.status === 409 && error.message.startsWith('Part ')) return 'missing';
  return classifyFailure(error);
}

let uploader: RecordingUploader | null = null;
let storePromise: Promise<ChunkStore> | null = null;

function store(): Promise<ChunkStore> {
  storePromise ??= chunkStore();
  return storePromise;
}

const transport = {
  uploadPart: (input: InputOf<typeof recordings.uploadPart>) => api.call(recordings.uploadPart, input, { fresh: true }),
  complete: (input: InputOf<typeof recordings.completeRecording>) => api.call(recordings.completeRecording, input, { fresh: true }),
};

/** Recordings being written in this page: never finished early by the orphan rule. */
const live = new Set<string>();

export async function getUploader(): Promise<RecordingUploader> {
  if (uploader) return uploader;
  const s = await store();
  uploader ??= new RecordingUploader(s, transport, { classify: classifyUpload, sha256: webSha256 });
  return uploader;
}

/**
 * On every page load of the study: recordings a closed or reloaded page left unfinished are
 * finished as they stand (a WebM stream cut between chunks still plays), then everything
 * not yet on the server is sent. The browser coming back online sends again at once.
 */
export async function resumeUploads(): Promise<RecordingUploader> {
  const s = await store();
  const now = epochNow();
  let recent = false;
  for (const recording of await s.recordings()) {
    if (recording.finished || live.has(recording.id)) continue;
    const last = recording.lastChunkAt;
    if (now - last < ORPHAN_AFTER_MS) {
      // Left by a page that reloaded a moment ago (or one still recording in another tab): look again later.
      recent = true;
      continue;
    }
    await s.putRecording({ ...recording, finished: true, durationMs: Math.max(0, last - recording.createdAt) });
  }
  if (recent && !recheck) {
    recheck = setTimeout(() => {
      recheck = null;
      void resumeUploads().catch(() => undefined);
    }, ORPHAN_AFTER_MS);
  }
  const u = await getUploader();
  if (typeof window !== 'undefined' && !onlineWired) {
    onlineWired = true;
    window.addEventListener('online', () => u.kick());
  }
  u.kick();
  return u;
}
let onlineWired = false;
let recheck: ReturnType<typeof setTimeout> | null = null;

const EMPTY: UploaderSnapshot = { pending: 0, retrying: false, failed: 0 };

/** The uploader's counts for a screen (empty until it exists). */
export function useUploaderSnapshot(u: RecordingUploader | null): UploaderSnapshot {
  return useSyncExternalStore(
    (listener) => (u ? u.subscribe(listener) : () => undefined),
    () => (u ? u.snapshot() : EMPTY),
    () => EMPTY,
  );
}

let micStream: MediaStream | null = null;

interface PolicyDocument {
  /** The Permissions Policy API (Chromium names it `featurePolicy` too); absent in Firefox and Safari. */
  readonly permissionsPolicy?: { allowsFeature(feature: string): boolean };
  readonly featurePolicy?: { allowsFeature(feature: string): boolean };
}

/**
 * True when this page runs in a frame whose embedding study page did not grant the microphone
 * (its `<iframe>` lacks `allow="microphone"`): the browser then refuses every request, whatever
 * the participant does. False at the top level, when granted, or where the browser cannot tell.
 */
export function frameBlocksMicrophone(win: { readonly self: unknown; readonly top: unknown } = window, doc: PolicyDocument = document as PolicyDocument): boolean {
  if (win.self === win.top) return false;
  const policy = doc.permissionsPolicy ?? doc.featurePolicy;
  return policy ? !policy.allowsFeature('microphone') : false;
}

/** The microphone, asked once per game: later screens reuse the stream the test opened. */
export async function openMicrophone(): Promise<MediaStream> {
  if (micStream && micStream.getAudioTracks().some((t) => t.readyState === 'live')) return micStream;
  micStream = await navigator.mediaDevices.getUserMedia(MIC_CONSTRAINTS);
  return micStream;
}

export function currentMicrophone(): MediaStream | null {
  return micStream && micStream.getAudioTracks().some((t) => t.readyState === 'live') ? micStream : null;
}

export function closeMicrophone(): void {
  micStream?.getTracks().forEach((t) => t.stop());
  micStream = null;
}

export function pickMimeType(): string {
  if (typeof MediaRecorder === 'undefined') return '';
  return ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'].find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

export interface RecordingMeta {
  participant: string;
  suite: string;
  gameRef: string;
  kind: recordings.RecordingKind;
}

export interface ActiveRecording {
  readonly id: string;
  /** Stops, waits for the last chunk to be stored, and answers the recording as stored. */
  stop(): Promise<StoredRecording>;
}

/** Starts recording the stream; each chunk is hashed and stored, then the uploader is kicked. */
export async function startRecording(stream: MediaStream, meta: RecordingMeta): Promise<ActiveRecording> {
  const s = await store();
  const u = await getUploader();
  const mimeType = pickMimeType();
  const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
  const startedAt = epochNow();
  const recording: StoredRecording = {
    id: crypto.randomUUID(), ...meta, mimeType: recorder.mimeType || mimeType || 'audio/webm',
    chunks: 0, bytes: 0, finished: false, durationMs: null, completed: false, failed: null, createdAt: startedAt, lastChunkAt: startedAt,
  };
  live.add(recording.id);
  await s.putRecording(recording);
  // Chunks are stored strictly in order: offsets depend on every earlier chunk.
  let queue: Promise<void> = Promise.resolve();
  recorder.ondataavailable = (event) => {
    const blob = event.data;
    queue = queue.then(async () => {
      const data = new Uint8Array(await blob.arrayBuffer());
      if (data.length === 0) return;
      const sha256 = await webSha256(data);
      await s.putChunk({ recordingId: recording.id, index: recording.chunks, offset: recording.bytes, data, sha256, acked: false });
      recording.chunks += 1;
      recording.bytes += data.length;
      recording.lastChunkAt = epochNow();
      await s.putRecording(recording);
      u.kick();
    });
  };
  const stopped = new Promise<number>((resolve) => {
    recorder.onstop = () => resolve(epochNow());
  });
  let recordingStarted = startedAt;
  recorder.onstart = () => {
    recordingStarted = epochNow();
  };
  recorder.start(CHUNK_MS);
  return {
    id: recording.id,
    async stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      const end = await stopped;
      await queue;
      recording.finished = true;
      recording.durationMs = Math.max(0, end - recordingStarted);
      await s.putRecording(recording);
      live.delete(recording.id);
      u.kick();
      return { ...recording };
    },
  };
}

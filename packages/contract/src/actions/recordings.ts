/**
 * Morning Memo's audio (issue 13, ADR 018): a recording is sent in parts, each with its index,
 * its byte offset and its SHA-256, as base64 in a JSON body (one part is a few kilobytes; the
 * body limit stays the same for every call). The same part sent again is acknowledged as a
 * duplicate and stores nothing new; `complete` assembles the parts in order and checks the
 * total length and the whole file's SHA-256, so a retry at any point never duplicates or
 * corrupts a recording. Participants write only into their own suite (the credential pair);
 * only researchers (manageApp) list, play and download recordings.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import type { ActionSpec, ApiDescriptor } from '../api';
import type { ErrorInfo } from '../errors';
import { clientIdSchema, credentialShape } from './delphi-schemas';
import { dataScopeShape } from './delphi-data-scope';

/** The background-noise recording (10 s) and the talk (up to 90 s). */
export const RECORDING_KINDS = ['background', 'talk'] as const;
export type RecordingKind = (typeof RECORDING_KINDS)[number];

/** One part at most (decoded); the client sends one MediaRecorder chunk (about a second) per part. */
export const RECORDING_PART_MAX_BYTES = 256 * 1024;
/** A whole recording at most: 90 s of opus at 48 kbps is about 0.55 MB; this leaves room for other encoders. */
export const RECORDING_MAX_BYTES = 8 * 1024 * 1024;
/** Parts per recording at most. */
export const RECORDING_MAX_PARTS = 2000;
/** Recordings per suite at most (a Morning Memo makes two; retakes and retries fit). */
export const RECORDING_MAX_PER_SUITE = 8;
/** Stored audio per suite at most, parts included. */
export const RECORDING_MAX_BYTES_PER_SUITE = 32 * 1024 * 1024;
/** Reported duration at most (90 s talk, with slack for a slow stop). */
export const RECORDING_MAX_DURATION_MS = 10 * 60 * 1000;

export const RECORDING_ERRORS = {
  notAudio: { name: 'Recording Error', message: 'This is not an audio recording (WebM, Ogg or MP4 audio expected).', code: 415 },
  partConflict: { name: 'Recording Error', message: 'This part was already received with other content.', code: 409 },
  partMissing: { name: 'Recording Error', message: 'A part of this recording is missing.', code: 409 },
  wrongLength: { name: 'Recording Error', message: 'The recording does not have the length announced.', code: 400 },
  wrongChecksum: { name: 'Recording Error', message: 'The recording does not match its checksum.', code: 400 },
  partChecksum: { name: 'Recording Error', message: 'The part does not match its checksum.', code: 400 },
  tooLarge: { name: 'Recording Error', message: 'The recording is too large.', code: 413 },
  alreadyComplete: { name: 'Recording Error', message: 'This recording is already complete.', code: 409 },
  otherSuite: { name: 'Recording Error', message: 'This recording belongs to another participant.', code: 403 },
  unknownRecording: { name: 'Not Found', message: 'No such recording.', code: 404 },
  /** 409: the client retries, so a part that overtook its game's startGame is stored once the start has arrived. */
  noGame: { name: 'Recording Error', message: 'A recording needs a started Morning Memo game.', code: 409 },
  /** 410: permanent, the uploader stops (a Morning Memo that ended takes no new recording). */
  gameEnded: { name: 'Recording Error', message: 'This Morning Memo has ended: it takes no new recording.', code: 410 },
  suiteFull: { name: 'Recording Error', message: 'This participant has reached the limit of recordings.', code: 413 },
} as const satisfies Record<string, ErrorInfo>;

const sha256Schema = z.string({ error: 'sha256 is required' }).regex(/^[0-9a-f]{64}$/, { message: 'must be 64 lowercase hex digits' });
const base64Schema = z
  .string({ error: 'data is required' })
  .max(Math.ceil(RECORDING_PART_MAX_BYTES / 3) * 4, { message: `must be at most ${RECORDING_PART_MAX_BYTES} bytes` })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be base64' });

export const recordingSchema = z.object({
  /** The client's id of the recording. */
  _id: z.string(),
  participantId: z.string(),
  suiteId: z.string(),
  /** The game's server id, once its startGame has arrived. */
  gameId: z.string().nullable(),
  kind: z.enum(RECORDING_KINDS),
  /** As the browser's MediaRecorder named it, e.g. `audio/webm;codecs=opus`. */
  mimeType: z.string(),
  /** `receiving` until complete assembled and checked it. */
  status: z.enum(['receiving', 'complete']),
  bytes: z.number().int(),
  /** As measured by the recorder (first chunk to stop), in ms. */
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** GET, with the session cookie: the audio itself (add `?download=1` for an attachment). */
  url: z.string().nullable(),
});
export type Recording = z.infer<typeof recordingSchema>;

function recordingAction<I extends z.ZodType, O extends z.ZodType>(spec: Omit<ActionSpec<I, O>, 'app' | 'dataType'>) {
  return defineAction({ ...spec, app: 'delphi', dataType: 'Recording' });
}

/**
 * UPLOAD_RECORDING_PART: one part. The first part names the recording's game (the game's
 * `_clientId` from startGame), kind and type; its bytes must start like an audio container.
 */
export const uploadPart = recordingAction({
  name: 'UPLOAD_RECORDING_PART', endpoint: 'uploadPart',
  summary: 'Send one part of a recording (idempotent: the same part again is a duplicate).',
  input: z.object({
    ...credentialShape,
    /** The recording's client-generated id. */
    recording: clientIdSchema,
    /** The `_clientId` of the game's startGame. */
    gameRef: clientIdSchema,
    kind: z.enum(RECORDING_KINDS, { error: "kind must be 'background' or 'talk'" }),
    mimeType: z.string().trim().min(1).max(100),
    part: z.number().int().min(0).max(RECORDING_MAX_PARTS - 1),
    /** Byte offset of this part in the whole recording. */
    offset: z.number().int().min(0).max(RECORDING_MAX_BYTES),
    data: base64Schema,
    /** SHA-256 of this part's bytes, lowercase hex. */
    sha256: sha256Schema,
  }),
  output: z.object({ recording: z.string(), part: z.number().int(), duplicate: z.boolean() }),
  access: 'public',
});

/** COMPLETE_RECORDING: assemble the parts 0..parts-1 in order, check length and checksum, store the file. */
export const completeRecording = recordingAction({
  name: 'COMPLETE_RECORDING', endpoint: 'complete',
  summary: 'Assemble a recording from its parts and check its length and SHA-256 (idempotent).',
  input: z.object({
    ...credentialShape,
    recording: clientIdSchema,
    parts: z.number().int().min(1).max(RECORDING_MAX_PARTS),
    bytes: z.number().int().min(1).max(RECORDING_MAX_BYTES),
    sha256: sha256Schema,
    durationMs: z.number().finite().min(0).max(RECORDING_MAX_DURATION_MS),
  }),
  output: z.object({ recording: recordingSchema, duplicate: z.boolean() }),
  access: 'public',
});

/** Recordings per page of LIST_RECORDINGS when the caller does not say. */
export const RECORDINGS_PAGE_SIZE = 25;

/** LIST_RECORDINGS: a page of the recordings, newest first (a participant id filter narrows it), and how many there are. */
export const listRecordings = recordingAction({
  name: 'LIST_RECORDINGS', endpoint: 'list',
  summary: "Page through a study's recordings with participant, duration and size (review+ in the study; manageApp, devOp).",
  input: z.object({
    ...dataScopeShape,
    filter: z.string().trim().max(200).default(''),
    offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
    pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1).max(200).default(RECORDINGS_PAGE_SIZE),
  }),
  /** `total`: every recording the filter matches, for the pager. */
  output: z.object({ recordings: z.array(recordingSchema), total: z.number().int() }),
  access: 'read',
});

/** DOWNLOAD_RECORDING: GET, the audio itself (inline, so an audio element plays it; `download=1` for an attachment). */
export const downloadRecording = recordingAction({
  name: 'DOWNLOAD_RECORDING', endpoint: 'download', method: 'GET', withId: true,
  summary: "Play or download one complete recording (review+ in its suite's study; manageApp, devOp); the body is the audio.",
  input: z.object({ download: z.enum(['0', '1']).default('0') }),
  output: z.unknown(),
  access: 'read',
});

/** DOWNLOAD_RECORDINGS_ARCHIVE: GET, a zip of every complete recording, streamed as it is built. */
export const downloadArchive = recordingAction({
  name: 'DOWNLOAD_RECORDINGS_ARCHIVE', endpoint: 'archive', method: 'GET',
  summary: "Download a study's complete recordings as one zip, streamed (review+ in the study; manageApp, devOp).",
  input: z.object(dataScopeShape),
  output: z.unknown(),
  access: 'read',
});

export const RECORDING_DESCRIPTORS: readonly ApiDescriptor[] = [uploadPart, completeRecording, listRecordings, downloadRecording, downloadArchive];

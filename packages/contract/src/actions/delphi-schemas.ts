/**
 * Shapes shared by the Delphi study-suite calls (SPEC §3, §7; issue 4): game names, the
 * suite, log records, scores, participants and export files. The descriptors are in delphi.ts.
 */
import { z } from 'zod';
import type { ErrorInfo } from '../errors';
import { identifierSchema } from '../validation';

/** The six games of the suite, in the order the hub shows them. */
export const GAME_NAMES = ['QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo'] as const;
export type GameName = (typeof GAME_NAMES)[number];

export function isGameName(value: unknown): value is GameName {
  return typeof value === 'string' && (GAME_NAMES as readonly string[]).includes(value);
}

/** Errors of the Delphi calls beyond the SPEC §8 catalogue (`ERRORS.blockIdRequired`, `ERRORS.unknownGame`). */
export const DELPHI_ERRORS = {
  /** startGame for a game this suite has already started (another tab, a reload, a replay). */
  gameAlreadyPlayed: { name: 'Game Error', message: 'This game has already been played.', code: 409 },
  /** A record stamped after the game's end (see the server's log service for the rule). */
  gameEnded: { name: 'Game Error', message: 'This game has already ended.', code: 409 },
  /** startRound for a round id this game has already started, with another `_clientId`. */
  roundAlreadyPlayed: { name: 'Game Error', message: 'This round has already been played.', code: 409 },
  /** The suite id and participant id do not name one suite: never another participant's data. */
  unknownSuite: { name: 'Suite Error', message: 'Unknown suite for this participant.', code: 400 },
  /** `parentOrigin` is not one of STUDY_PARENT_ORIGINS. */
  parentOriginNotAllowed: { name: 'Suite Error', message: 'This study may not be embedded here.', code: 400 },
  unknownGameId: { name: 'Game Error', message: 'Unknown game for this suite.', code: 400 },
  unknownRound: { name: 'Game Error', message: 'Unknown round for this game.', code: 400 },
  unknownPrompt: { name: 'Game Error', message: 'Unknown prompt for this game.', code: 400 },
  fileNotFound: { name: 'Not Found', message: 'No such export file.', code: 404 },
  fileNotReady: { name: 'File Error', message: 'This export is not ready.', code: 409 },
} as const satisfies Record<string, ErrorInfo>;

export const PARTICIPANT_ID_MESSAGE = 'A valid participant id is required';

/** The participant id (identifier pattern): anonymous, chosen by whoever hands out the study link. */
export const participantIdSchema = identifierSchema(PARTICIPANT_ID_MESSAGE);
/** A server id as answered (`_id` of a suite, game, round…). */
export const recordIdSchema = z.string({ error: 'A valid id is required' }).trim().min(1, { message: 'A valid id is required' }).max(64);
/** Client-generated record id (a UUID or similar): the key that makes a retry harmless. */
export const clientIdSchema = z
  .string({ error: '_clientId is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, { message: 'must be 1-128 letters, digits, _ or -' });
/** A round id chosen by the game, e.g. `SZ_1`, `VS_2`, `level1-round3`; unique within its game. */
export const roundIdSchema = z
  .string({ error: 'round is required' })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_. -]{0,99}$/, { message: 'must be 1-100 letters, digits, space, _, . or -' });
/**
 * A client time in milliseconds since the epoch, fractions allowed: high-resolution event
 * times as `performance.timeOrigin + event.timeStamp`, never `Date.now()` arithmetic.
 */
export const epochMsSchema = z.number({ error: 'must be milliseconds since the epoch' }).finite().positive();
/** Free-form JSON a game attaches to a record (its config, block, device…); kept verbatim. */
export const attributesSchema = z.record(z.string(), z.unknown()).default({});

/** Every log call carries the participant credential: the suite id + participant id pair. */
export const credentialShape = {
  participant: participantIdSchema,
  suite: recordIdSchema,
};

/**
 * How a started game stands: `in progress` until endGame; then `completed`, or `interrupted`
 * when the participant left mid-game (a reload, a closed tab, an in-app link): the answers
 * given so far are kept, the game is not offered again (SPEC §4: never a replay).
 */
export const GAME_STATUSES = ['in progress', 'completed', 'interrupted'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
/** Why endGame ends a game. */
export const END_REASONS = ['completed', 'interrupted'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** How a response was given: a key, or a pointer's `pointerType` (touch, mouse, pen). */
export const INPUT_MODALITIES = ['key', 'touch', 'mouse', 'pen'] as const;
export type InputModality = (typeof INPUT_MODALITIES)[number];

export const gameStateSchema = z.object({
  gameName: z.enum(GAME_NAMES),
  /** `played` from startGame on: a game is never offered twice. */
  state: z.enum(['toPlay', 'played']),
  /** The game's `_id` once started. */
  gameId: z.string().optional(),
  /** True once endGame was received. */
  ended: z.boolean(),
  /** null while not started. */
  status: z.enum(GAME_STATUSES).nullable(),
});
export type GameState = z.infer<typeof gameStateSchema>;

export const suiteSchema = z.object({
  _id: z.string(),
  _participantId: z.string(),
  /** Games not started yet, in hub order. */
  _resumableGames: z.array(z.enum(GAME_NAMES)),
  games: z.array(gameStateSchema),
});
export type Suite = z.infer<typeof suiteSchema>;

/** Answer of every log call: the record's server id; `duplicate` when this `_clientId` was already stored. */
export const logAckSchema = z.object({ _id: z.string(), duplicate: z.boolean() });
export type LogAck = z.infer<typeof logAckSchema>;

export const blockScoreSchema = z.object({ correctResponses: z.number().int(), totalResponses: z.number().int() });
export const categoryScoreSchema = z.object({ correctAnswers: z.number().int(), totalAnswers: z.number().int() });

export const gameScoresSchema = z.object({
  gameName: z.enum(GAME_NAMES),
  gameId: z.string(),
  /** Feedback screens show 'Scores are not ready' until this is true (and the outbox is empty). */
  ended: z.boolean(),
  /** Per round id (a block, e.g. `SZ_1`); responses without a round count under `''`. Only scored responses (isCorrect true/false) count. */
  blocks: z.record(z.string(), blockScoreSchema),
  /** Per response `category` (Quiz Time's three categories); responses without one are left out. */
  categories: z.record(z.string(), categoryScoreSchema),
});
export type GameScores = z.infer<typeof gameScoresSchema>;

export const participantGameSchema = gameStateSchema.extend({
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  responses: z.number().int(),
});

export const participantRecordSchema = z.object({
  participantId: z.string(),
  suiteId: z.string(),
  createdAt: z.string(),
  games: z.array(participantGameSchema),
  responses: z.number().int(),
});
export type ParticipantRecord = z.infer<typeof participantRecordSchema>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The long-format export: one row (CSV) or object (JSON) per response, these keys in this order.
 * `modality` is how the response was given (INPUT_MODALITIES, empty for records made before it
 * was logged); `gameStatus` is the game's GAME_STATUSES value when the export ran.
 */
export const EXPORT_COLUMNS = [
  'participantId', 'suiteId', 'game', 'gameId', 'round', 'roundId', 'promptId', 'prompt', 'response',
  'correctAnswer', 'isCorrect', 'promptedAt', 'respondedAt', 'rtMs', 'category', 'questionIndex', 'receivedAt',
  'modality', 'gameStatus',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const exportFileSchema = z.object({
  _id: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** 0–100, persisted while the export runs. */
  progress: z.number().int().min(0).max(100),
  /** Responses written so far (all of them once done). */
  rows: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Path under the page origin (GET, with the session cookie); null until done. */
  downloadUrl: z.string().nullable(),
  /** Why it failed, for the researcher. */
  error: z.string().nullable(),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

/**
 * Shapes shared by the Delphi study-suite calls (SPEC §3, §7; issue 4): game names, the
 * suite, log records, scores, participants and export files. The descriptors are in delphi.ts.
 */
import { z } from 'zod';
import type { ErrorInfo } from '../errors';
import { identifierSchema } from '../validation';
import { DECLARED_GAME_NAMES, optionalGames } from '../games/index';

/** The games of the suite, in the order the hub shows them: the names of their declarations in games/ (ADR 064, 069). */
export const GAME_NAMES = DECLARED_GAME_NAMES;
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
  /** The suite is bound to the browser that started it (its suite key cookie); a researcher may release it on /Data. 423 (Locked), not 403: the web client shows every 403 as the catalogue's wording. */
  openElsewhere: { name: 'Suite Error', message: 'This study is open on another device.', code: 423 },
  /** `parentOrigin` is not one of STUDY_PARENT_ORIGINS. */
  parentOriginNotAllowed: { name: 'Suite Error', message: 'This study may not be embedded here.', code: 400 },
  unknownGameId: { name: 'Game Error', message: 'Unknown game for this suite.', code: 400 },
  unknownRound: { name: 'Game Error', message: 'Unknown round for this game.', code: 400 },
  unknownPrompt: { name: 'Game Error', message: 'Unknown prompt for this game.', code: 400 },
  fileNotFound: { name: 'Not Found', message: 'No such export file.', code: 404 },
  fileNotReady: { name: 'File Error', message: 'This export is not ready.', code: 409 },
  alreadyExcluded: { name: 'Exclusion Error', message: 'This participant or game is already excluded.', code: 409 },
  notExcluded: { name: 'Exclusion Error', message: 'This participant or game is not excluded.', code: 409 },
} as const satisfies Record<string, ErrorInfo>;

export const PARTICIPANT_ID_MESSAGE = 'A valid participant id is required';

/** The participant id (identifier pattern): anonymous, chosen by whoever hands out the study link. */
export const participantIdSchema = identifierSchema(PARTICIPANT_ID_MESSAGE);
/**
 * A key the browser draws for binding a suite to itself (ADR 043, amended): 32 random bytes or
 * more, base64url. Sent with the init, it lets a retry whose first answer was lost (a dropped
 * connection, a reload, a timeout) prove it is the same browser; the cookie carries it after.
 */
export const browserKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43,128}$/, { message: '43–128 base64url characters (32 random bytes or more)' })
  .optional();
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
 * given so far are kept, the game is not offered again (SPEC §4: never a replay); `skipped`
 * when the participant chose not to play an optional game (started with `attributes.skipped`,
 * ended at once; issue 25, ADR 047): never counted as finished.
 */
export const GAME_STATUSES = ['in progress', 'completed', 'interrupted', 'skipped'] as const;
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
  /** True when the participant skipped this optional game (startGame's `attributes.skipped`). */
  skipped: z.boolean().optional(),
});
export type GameState = z.infer<typeof gameStateSchema>;

export const suiteSchema = z.object({
  _id: z.string(),
  _participantId: z.string(),
  /** Games not started yet, in hub order. */
  _resumableGames: z.array(z.enum(GAME_NAMES)),
  games: z.array(gameStateSchema),
  /** When every required game (all but SUITE_OPTIONAL_GAMES) had ended; absent before (issue 13). */
  _completedAt: z.string().optional(),
});
export type Suite = z.infer<typeof suiteSchema>;
/** Games a participant may leave out: the suite is complete without them (issue 13); a game's `optional` setting (ADR 064). */
export const SUITE_OPTIONAL_GAMES: readonly GameName[] = optionalGames();

/**
 * The games a suite must end to be complete: those not optional. A study whose games are all
 * optional must end each (played or skipped); with none required it would be complete before the
 * participant did anything. One rule for the server's completion and the hub's end (ADR 071).
 */
export function gamesToComplete<T>(games: readonly T[], isOptional: (game: T) => boolean): T[] {
  const required = games.filter((game) => !isOptional(game));
  return required.length > 0 ? required : [...games];
}

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

/**
 * Automatic quality flags (issue 17; rules and thresholds in ADR 025): each names the rule
 * that fired and the numbers that made it fire, so a page can say why in any language.
 */
export const QUALITY_FLAG_KINDS = ['tooFast', 'anticipations', 'refreshRate', 'straightLining', 'atOrBelowChance', 'unfinished', 'attention', 'frameJitter'] as const;
export type QualityFlagKind = (typeof QUALITY_FLAG_KINDS)[number];

export const qualityFlagSchema = z.object({
  kind: z.enum(QUALITY_FLAG_KINDS),
  gameName: z.enum(GAME_NAMES),
  /** The measured values and the threshold they crossed (e.g. `{ count, total, share, thresholdMs, maxShare }`). */
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type QualityFlag = z.infer<typeof qualityFlagSchema>;

export const participantRecordSchema = z.object({
  participantId: z.string(),
  suiteId: z.string(),
  createdAt: z.string(),
  /** A participant's run, a piloting run or a researcher's preview (ADR 074); only `live` unless test runs are asked for. */
  run: z.enum(['live', 'pilot', 'preview']),
  /** The study version the suite ran. */
  studyVersion: z.number().int(),
  games: z.array(participantGameSchema.extend({ excluded: z.boolean() })),
  responses: z.number().int(),
  /** The whole participant is excluded (a game alone: its `excluded`). */
  excluded: z.boolean(),
  flags: z.array(qualityFlagSchema),
});

/** An exclusion or its undo: the log keeps both, with who and when (ADR 025). */
export const EXCLUSION_ACTIONS = ['exclude', 'undo'] as const;
export const exclusionEntrySchema = z.object({
  _id: z.string(),
  suiteId: z.string(),
  participantId: z.string(),
  /** null: the whole participant. */
  gameName: z.enum(GAME_NAMES).nullable(),
  action: z.enum(EXCLUSION_ACTIONS),
  reason: z.string(),
  /** The researcher's name (kept after their account is deleted). */
  by: z.string(),
  at: z.string(),
});
export type ExclusionEntry = z.infer<typeof exclusionEntrySchema>;
export const EXCLUSION_REASON_MESSAGE = 'A reason is required (1-500 characters)';
export type ParticipantRecord = z.infer<typeof participantRecordSchema>;

/** `psychds`: a zip in the Psych-DS 1.5.0 layout (one CSV per task, metadata, codebook, checksums). */
export const EXPORT_FORMATS = ['csv', 'json', 'psychds'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The long-format export: one row (CSV) or object (JSON) per response, these keys in this order.
 * `rtMs` is event `timeStamp` − the onset frame's time (ADR 013), never clamped; `anticipation`
 * is true for an input before the onset (its `rtMs` is negative, it is never scored);
 * `frameIntervalMs` is the round's median requestAnimationFrame delta.
 * `modality` is how the response was given (INPUT_MODALITIES, empty for records made before it
 * was logged); `gameStatus` is the game's GAME_STATUSES value when the export ran; `excluded`
 * whether a researcher had excluded the participant or this game of theirs (ADR 025);
 * `attentionEvents` and `hiddenMs`: the attention events during the trial and how long the page was hidden in it (ADR 026);
 * `attributes` is the response's own `attributes` as logged (a JSON object: a game's specifics,
 * such as a probe's target cell or a face's action units; the CSV holds its JSON text).
 */
export const EXPORT_COLUMNS = [
  'participantId', 'suiteId', 'study', 'studyVersion', 'run', 'game', 'gameId', 'round', 'roundId', 'promptId', 'prompt', 'response',
  'correctAnswer', 'isCorrect', 'promptedAt', 'respondedAt', 'rtMs', 'anticipation', 'frameIntervalMs', 'category', 'questionIndex', 'receivedAt',
  'modality', 'gameStatus', 'excluded', 'attentionEvents', 'hiddenMs', 'attributes',
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
  /** Which runs it holds (ADR 074): `live` (participants only), `test` (preview and pilot) or `all`. */
  runs: z.enum(['live', 'test', 'all']),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

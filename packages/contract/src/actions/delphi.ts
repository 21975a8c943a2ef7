/**
 * Delphi study-suite calls (SPEC §7, issue 4): `/actions/delphi/<DataType>/action/<endpoint>[/<id>]`.
 *
 * Participants are anonymous: every participant call carries `participant` (the participant
 * id) and `suite` (the suite `_id` from initLocalSuite/initStudySuite); the server refuses a
 * pair that does not name one suite. Every log record carries a client-generated `_clientId`:
 * sending it again is answered 200 `{ _id, duplicate: true }` and stores nothing new, so the
 * client outbox may retry freely. Times are client epoch milliseconds (fractions allowed).
 */
import { z } from 'zod';
import { defineAction } from '../api';
import type { ActionSpec } from '../api';
import {
  END_REASONS,
  EXCLUSION_REASON_MESSAGE,
  EXPORT_FORMATS,
  GAME_NAMES,
  INPUT_MODALITIES,
  attributesSchema,
  browserKeySchema,
  clientIdSchema,
  credentialShape,
  epochMsSchema,
  exclusionEntrySchema,
  exportFileSchema,
  gameScoresSchema,
  logAckSchema,
  participantIdSchema,
  participantRecordSchema,
  recordIdSchema,
  roundIdSchema,
  suiteSchema,
} from './delphi-schemas';
import { DELPHI_EVENT_DESCRIPTORS } from './delphi-events';
import { DELPHI_RELEASE_DESCRIPTORS } from './delphi-release';
import { DELPHI_BATCH_DESCRIPTORS } from './delphi-batch';
import { dataScopeShape } from './delphi-data-scope';

export * from './delphi-schemas';
export * from './delphi-columns';
export * from './delphi-events';
export * from './delphi-release';
export * from './delphi-batch';
export * from './delphi-studies';
export * from './delphi-study-run';
export * from './delphi-data-scope';
/** Each game's declaration (settings, steps, record attributes): games/, ADR 064. */
export * from '../games/index';

function delphiAction<I extends z.ZodType, O extends z.ZodType>(dataType: string, spec: Omit<ActionSpec<I, O>, 'app' | 'dataType'>) {
  return defineAction({ ...spec, app: 'delphi', dataType });
}

/**
 * `true`: the record's `attributes` follow its game's declaration (games/, ADR 064; starts,
 * ends and rounds too, ADR 068) and the server checks them exactly (400 naming the attribute). Absent: stored as given, as before
 * declarations (a record an older version of a game queued in a participant's outbox).
 */
const declaredSchema = z.literal(true, { error: '_declared must be true or absent' }).optional();

const suiteOutput = z.object({ suite: suiteSchema });

/** INIT_STUDY_SUITE: the suite of a participant inside an allowed parent frame (created on first call, the same one after). */
export const initStudySuite = delphiAction('Suite', {
  name: 'INIT_STUDY_SUITE', endpoint: 'initStudySuite',
  summary: 'Get or create the suite of a participant embedded in an allowed parent origin (STUDY_PARENT_ORIGINS).',
  input: z.object({
    /** The embedding page's origin; 400 unless listed in STUDY_PARENT_ORIGINS. */
    parentOrigin: z.string({ error: 'parentOrigin is required' }).trim().min(1, { message: 'parentOrigin is required' }).max(300),
    _participantId: participantIdSchema,
    /** This browser's own key for the suite (ADR 043): a retry after a lost answer is let in. */
    browserKey: browserKeySchema,
    /** Deletes the participant's suite and records first; honoured for manageApp+/devOp or STUDY_ALLOW_RESET=true, otherwise ignored. */
    resetParticipantForTesting: z.boolean().optional().default(false),
  }),
  output: suiteOutput,
  access: 'public',
});

/** INIT_LOCAL_SUITE: the suite of a participant who opened `/?participantId=<id>` directly. */
export const initLocalSuite = delphiAction('Suite', {
  name: 'INIT_LOCAL_SUITE', endpoint: 'initLocalSuite',
  summary: 'Get or create the suite of a participant.',
  input: z.object({
    _participantId: participantIdSchema,
    browserKey: browserKeySchema,
    /** As for initStudySuite. */
    resetParticipantForTesting: z.boolean().optional().default(false),
  }),
  output: suiteOutput,
  access: 'public',
});

/** GET_GAME_SCORES: per started game, correct/total per block and per category, for the Feedback screens. */
export const getGameScores = delphiAction('Suite', {
  name: 'GET_GAME_SCORES', endpoint: 'getGameScores',
  summary: "The participant's scores per game: per block and per category.",
  input: z.object(credentialShape),
  output: z.object({ games: z.array(gameScoresSchema) }),
  access: 'public',
});

/**
 * START_GAME: once per game and suite. 400 `blockId is required.` without gameName,
 * `Invalid blockId. Unknown Game.` for a name outside GAME_NAMES; 409 `This game has already
 * been played.` on a second start, unless it is the same `_clientId` retrying (same `_id`).
 */
export const startGame = delphiAction('Game', {
  name: 'START_GAME', endpoint: 'startGame',
  summary: 'Start a game of the suite (once per game); answers the game id.',
  input: z.object({
    ...credentialShape,
    /** One of GAME_NAMES; checked by the server so the answer carries the spec's game messages. */
    gameName: z.string().trim().max(100).optional(),
    _startedAt: epochMsSchema,
    timestamp: epochMsSchema,
    attributes: attributesSchema,
    _clientId: clientIdSchema,
    _declared: declaredSchema,
  }),
  output: logAckSchema,
  access: 'public',
});

/**
 * END_GAME: marks the game ended at the client's `timestamp`, `completed` or `interrupted`
 * (`reason`; the participant left mid-game: `attributes` say where); a repeat, or a second end
 * of an ended game, is acknowledged (`duplicate: true`) and changes nothing.
 */
export const endGame = delphiAction('Game', {
  name: 'END_GAME', endpoint: 'endGame', withId: true,
  summary: 'End a game (id in the path), completed or interrupted.',
  input: z.object({
    ...credentialShape,
    timestamp: epochMsSchema,
    reason: z.enum(END_REASONS, { error: "reason must be 'completed' or 'interrupted'" }).default('completed'),
    /** Declared: a completed end's are the game's `end`, an interrupted end's INTERRUPTION_ATTRIBUTES. */
    attributes: attributesSchema,
    _clientId: clientIdSchema,
    _declared: declaredSchema,
  }),
  output: logAckSchema,
  access: 'public',
});

const roundInput = {
  ...credentialShape,
  /** The game `_id` from startGame. */
  game: recordIdSchema,
  /** The round id chosen by the game (e.g. `SZ_1`); later records name the round by it. */
  round: roundIdSchema,
  _clientId: clientIdSchema,
  timestamp: epochMsSchema,
  attributes: attributesSchema,
  _declared: declaredSchema,
};

/**
 * START_ROUND: a round (block) of a game; 409 when the round id was started before with another
 * `_clientId`. Prompts and responses of this game that named the round before it started are
 * linked to it now.
 */
export const startRound = delphiAction('Round', {
  name: 'START_ROUND', endpoint: 'startRound',
  summary: 'Start a round of a game.',
  input: z.object(roundInput),
  output: logAckSchema,
  access: 'public',
});

/** END_ROUND: same fields as startRound (`round` names the round; `_clientId` is this end record's id). */
export const endRound = delphiAction('Round', {
  name: 'END_ROUND', endpoint: 'endRound',
  summary: 'End a round of a game.',
  input: z.object(roundInput),
  output: logAckSchema,
  access: 'public',
});

/**
 * LOG_PROMPT: a stimulus shown; its `_clientId` is the prompt id a response refers to. A round
 * not started yet is no error: the prompt is stored with the round's name and linked when it
 * starts. Responses of this game that named this prompt before it arrived are linked now.
 */
export const logPrompt = delphiAction('Prompt', {
  name: 'LOG_PROMPT', endpoint: 'logPrompt',
  summary: 'Log a prompt (stimulus) shown to the participant.',
  input: z.object({
    ...credentialShape,
    game: recordIdSchema,
    /** Round id as sent to startRound (or still to be sent); optional for games without rounds. */
    round: roundIdSchema.optional(),
    _clientId: clientIdSchema,
    /** The stimulus as text (a question, a digit string…). */
    prompt: z.string().max(10_000).default(''),
    /** Onset: `performance.timeOrigin` + the rAF time after the stimulus was painted. */
    _promptedAt: epochMsSchema,
    attributes: attributesSchema,
    _declared: declaredSchema,
  }),
  output: logAckSchema,
  access: 'public',
});


const answerValue = z.union([z.string().max(10_000), z.number().finite(), z.boolean()]).nullable();

/**
 * LOG_RESPONSE: one answer (a SPEC §3 game log entry); the export has one row per response.
 * A prompt or round not logged yet is no error (records sent in parallel may arrive out of
 * order): the response is stored and linked when they arrive. A prompt of another game: 400.
 */
export const logResponse = delphiAction('Response', {
  name: 'LOG_RESPONSE', endpoint: 'logResponse',
  summary: 'Log a response of the participant.',
  input: z.object({
    ...credentialShape,
    game: recordIdSchema,
    round: roundIdSchema.optional(),
    /** The `_clientId` of the prompt answered (same game; logged before or later). */
    prompt: clientIdSchema.optional(),
    _clientId: clientIdSchema,
    /** Stored as text (numbers and booleans are written as JSON would write them). */
    response: answerValue.default(null),
    /** null or absent: not scored (left out of scores). */
    isCorrect: z.boolean().nullable().optional(),
    correctAnswer: answerValue.optional(),
    category: z.string().trim().max(200).optional(),
    questionIndex: z.number().int().min(0).optional(),
    question: z.string().max(10_000).optional(),
    /** Defaults to the prompt's `_promptedAt` (filled in when a late prompt arrives). */
    _promptedAt: epochMsSchema.optional(),
    /** `performance.timeOrigin + event.timeStamp` of the answering event. */
    _respondedAt: epochMsSchema,
    /**
     * Reaction time (ADR 013): event `timeStamp` − the onset frame's time, ms, never clamped;
     * defaults to `_respondedAt - _promptedAt`. Negative only for an anticipation; null for
     * no response (a probe's time limit ran out): no reaction time.
     */
    rtMs: z.number({ error: 'rtMs must be a number of milliseconds' }).finite().nullable().optional(),
    /**
     * An input before the stimulus's onset frame (ADR 013): not a response to it, never
     * scored (`isCorrect` absent); `rtMs` is its signed time (negative).
     */
    anticipation: z.boolean().optional(),
    /** The round's median requestAnimationFrame delta (ms) when the response was given. */
    frameIntervalMs: z.number({ error: 'frameIntervalMs must be a positive number of milliseconds' }).finite().positive().max(10_000).optional(),
    /** How the answer was given: `key`, or the pointer event's `pointerType`. */
    modality: z.enum(INPUT_MODALITIES, { error: 'modality must be key, touch, mouse or pen' }).optional(),
    attributes: attributesSchema,
    _declared: declaredSchema,
  })
    .refine((r) => r.anticipation === true || r.rtMs === undefined || r.rtMs === null || r.rtMs >= 0, {
      message: 'a negative rtMs is an anticipation (anticipation: true)', path: ['rtMs'],
    })
    // The sign is the rule (ADR 013 amended, issue 25): an input at or after the onset frame is a response.
    .refine((r) => r.anticipation !== true || typeof r.rtMs !== 'number' || r.rtMs < 0, {
      message: 'an anticipation came before the onset frame: its rtMs must be negative', path: ['rtMs'],
    })
    .refine((r) => r.anticipation !== true || r.isCorrect === undefined || r.isCorrect === null, {
      message: 'an anticipation is never scored (isCorrect must be absent)', path: ['isCorrect'],
    }),
  output: logAckSchema,
  access: 'public',
});

/** LIST_PARTICIPANTS: the /Data page's participants, newest first, with each game's state and response count. */
export const listParticipants = delphiAction('Participant', {
  name: 'LIST_PARTICIPANTS', endpoint: 'list',
  summary: "Page through a study's participants with their games (review+ in the study; manageApp, devOp).",
  input: z.object({
    ...dataScopeShape,
    offset: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    /** Substring of the participant id (case-insensitive). */
    filter: z.string().trim().max(200).default(''),
  }),
  output: z.object({ participants: z.array(participantRecordSchema), total: z.number().int() }),
  access: 'read',
});

/** LIST_FILES: the export files, newest first, with status and progress (poll it while one runs). */
export const listFiles = delphiAction('File', {
  name: 'LIST_FILES', endpoint: 'list',
  summary: "List the study's generated export files (review+ in the study; manageApp, devOp).",
  input: z.object({ study: dataScopeShape.study }),
  output: z.object({ files: z.array(exportFileSchema) }),
  access: 'read',
});

/** GENERATE_FILE: queues an export of every response (built in the background); answers it `queued`. */
export const generateFile = delphiAction('File', {
  name: 'GENERATE_FILE', endpoint: 'generate',
  summary: "Start generating a CSV, JSON or Psych-DS export of the study's responses (review+ in the study; manageApp, devOp).",
  input: z.object({ format: z.enum(EXPORT_FORMATS, { error: "format must be 'csv', 'json' or 'psychds'" }), ...dataScopeShape }),
  output: z.object({ file: exportFileSchema }),
  access: 'read',
});

/** DOWNLOAD_FILE: GET, answers the file itself as an attachment (use `downloadUrl` as a link). */
export const downloadFile = delphiAction('File', {
  name: 'DOWNLOAD_FILE', endpoint: 'download', method: 'GET', withId: true,
  summary: "Download a finished export (review+ in its study; manageApp, devOp); the body is the CSV or JSON file.",
  input: z.object({}),
  output: z.unknown(),
  access: 'read',
});

const exclusionInput = z.object({
  suite: recordIdSchema,
  /** Absent: the whole participant. */
  gameName: z.enum(GAME_NAMES, { error: 'gameName must be one of the suite’s games' }).optional(),
  reason: z.string({ error: EXCLUSION_REASON_MESSAGE }).trim().min(1, { message: EXCLUSION_REASON_MESSAGE }).max(500, { message: EXCLUSION_REASON_MESSAGE }),
});

/** EXCLUDE: a researcher excludes a participant, or one game of theirs, with a reason (logged, undoable). */
export const excludeParticipant = delphiAction('Participant', {
  name: 'EXCLUDE_PARTICIPANT', endpoint: 'exclude',
  summary: "Exclude a participant or one of their games from analysis, with a reason (manage+ in the suite's study; manageApp, devOp); kept in the exclusion log.",
  input: exclusionInput,
  output: z.object({ entry: exclusionEntrySchema }),
  access: 'read',
});

/** UNDO_EXCLUSION: takes an exclusion back, with a reason; the log keeps both. */
export const undoExclusion = delphiAction('Participant', {
  name: 'UNDO_EXCLUSION', endpoint: 'include',
  summary: "Undo the exclusion of a participant or game, with a reason (manage+ in the suite's study; manageApp, devOp); kept in the exclusion log.",
  input: exclusionInput,
  output: z.object({ entry: exclusionEntrySchema }),
  access: 'read',
});

/** LIST_EXCLUSIONS: the exclusion log, newest first. */
export const listExclusions = delphiAction('Participant', {
  name: 'LIST_EXCLUSIONS', endpoint: 'exclusions',
  summary: "The study's exclusion log: every exclusion and undo with who, when and why, newest first (review+ in the study; manageApp, devOp).",
  input: z.object({ suite: recordIdSchema.optional(), study: dataScopeShape.study }),
  output: z.object({ entries: z.array(exclusionEntrySchema) }),
  access: 'read',
});

export const DELPHI_DESCRIPTORS = [
  initStudySuite, initLocalSuite, getGameScores, startGame, endGame, startRound, endRound,
  logPrompt, logResponse, listParticipants, excludeParticipant, undoExclusion, listExclusions, listFiles, generateFile, downloadFile,
  ...DELPHI_EVENT_DESCRIPTORS,
  ...DELPHI_RELEASE_DESCRIPTORS,
  ...DELPHI_BATCH_DESCRIPTORS,
] as const;

/**
 * Delphi session events (issue 17 parts 1–3, ADR 026): ONE outbox record kind, `logEvent`, for
 * everything a participant's page reports besides prompts and responses — the session context
 * (once per page session), the progress-bar step entered, and attention events (the page hidden
 * or shown again, the window blurred or focused, fullscreen left). Idempotent by `_clientId`
 * like every log record. The researcher's funnel and a participant's timeline are read from them.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { dataScopeShape } from './delphi-data-scope';
import { GAME_NAMES, clientIdSchema, credentialShape, epochMsSchema, logAckSchema, recordIdSchema } from './delphi-schemas';

/**
 * `hidden`/`visible`: the page's visibilitychange; `blur`/`focus`: the window's; `fullscreenExit`:
 * the document left fullscreen. `visible` and `focus` carry `durationMs`, how long the page was
 * hidden or the window unfocused, so a trial's hidden time is known from the one record.
 * `back`: the browser's Back (or Forward) pressed while a game ran (issue 25, ADR 047): the
 * game stays on its one-way screen, the press is counted in the trial it fell in.
 */
export const EVENT_KINDS = ['sessionContext', 'step', 'hidden', 'visible', 'blur', 'focus', 'fullscreenExit', 'back'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** The events that mean the participant left the page (counted per trial as `attentionEvents`). */
export const ATTENTION_LEAVE_KINDS = ['hidden', 'blur', 'fullscreenExit', 'back'] as const satisfies readonly EventKind[];
/** The participant's main input, from the game kit's input hints (the last input seen wins). */
export const INPUT_TYPES = ['touch', 'mouse', 'keyboard'] as const;

const ms = (field: string) => z.number({ error: `${field} must be a number of milliseconds` }).finite();

/** What the page measures of its own session; the server adds the browser and OS parsed from the user agent. */
export const sessionContextSchema = z.object({
  /** The web client's build (its git commit), as it was built. */
  appVersion: z.string({ error: 'context.appVersion is required' }).trim().min(1, { message: 'context.appVersion is required' }).max(100),
  screenWidth: z.number({ error: 'context.screenWidth must be a whole number of CSS pixels' }).int().min(0).max(100_000),
  screenHeight: z.number({ error: 'context.screenHeight must be a whole number of CSS pixels' }).int().min(0).max(100_000),
  devicePixelRatio: z.number({ error: 'context.devicePixelRatio must be a positive number' }).finite().positive().max(20),
  /** IANA zone, e.g. `Europe/Copenhagen`. */
  timeZone: z.string({ error: 'context.timeZone is required' }).trim().max(100),
  /** BCP 47, e.g. `da-DK`. */
  language: z.string({ error: 'context.language is required' }).trim().max(50),
  inputType: z.enum(INPUT_TYPES, { error: 'context.inputType must be touch, mouse or keyboard' }),
  /** 1000 / the median rAF delta over the measuring window; null when too few frames came (a hidden tab). */
  refreshHz: z.number({ error: 'context.refreshHz must be a number' }).finite().min(0).max(1000).nullable(),
  /** Median rAF delta, ms. */
  frameIntervalMs: ms('context.frameIntervalMs').min(0).max(10_000).nullable(),
  /** Spread of the rAF deltas: their interquartile range, ms. */
  frameJitterMs: ms('context.frameJitterMs').min(0).max(10_000).nullable(),
  /** rAF deltas measured. */
  frames: z.number().int().min(0).max(100_000),
});
export type SessionContextInput = z.infer<typeof sessionContextSchema>;

const STEP_MESSAGE = 'a step event needs gameName, step and steps (step below steps)';

/** LOG_EVENT: one session event (see EVENT_KINDS). `game` is the server game id when the event came during a game. */
export const logEvent = defineAction({
  app: 'delphi', dataType: 'Event', name: 'LOG_EVENT', endpoint: 'logEvent',
  summary: 'Log a session event: the session context, a progress step entered, or an attention event (visibility, blur/focus, fullscreen exit).',
  input: z
    .object({
      ...credentialShape,
      game: recordIdSchema.optional(),
      gameName: z.enum(GAME_NAMES, { error: 'gameName must be one of the suite’s games' }).optional(),
      kind: z.enum(EVENT_KINDS, { error: `kind must be one of ${EVENT_KINDS.join(', ')}` }),
      _clientId: clientIdSchema,
      /** When it happened: `performance.timeOrigin + event.timeStamp` (or now). */
      at: epochMsSchema,
      /** For `visible` and `focus`: how long the page was hidden or unfocused before. */
      durationMs: ms('durationMs').min(0, { message: 'durationMs must be 0 or more milliseconds' }).max(30 * 24 * 3600 * 1000).optional(),
      /** For `step`: the progress-bar step entered (from 0), of `steps`, and its name as shown. */
      step: z.number({ error: 'step must be a whole number' }).int().min(0).max(99).optional(),
      steps: z.number({ error: 'steps must be a whole number' }).int().min(1).max(100).optional(),
      stepName: z.string().trim().max(200).optional(),
      /** For `sessionContext`; the user agent is read from the request's header. */
      context: sessionContextSchema.optional(),
    })
    .refine((e) => e.kind !== 'step' || (e.gameName !== undefined && e.step !== undefined && e.steps !== undefined && e.step < e.steps), {
      message: STEP_MESSAGE, path: ['step'],
    })
    .refine((e) => e.kind !== 'sessionContext' || e.context !== undefined, { message: 'a sessionContext event needs context', path: ['context'] }),
  output: logAckSchema,
  access: 'public',
});

/** Abandonment: a game in progress with no activity (start, response, event) for this long. */
export const DEFAULT_ABANDON_MINUTES = 30;

export const funnelStepSchema = z.object({
  step: z.number().int(),
  /** The name most participants saw (names are in each participant's language: /Data shows its own, ADR 047). */
  name: z.string(),
  /** Participants who entered this step or a later one. */
  reached: z.number().int(),
  /** Participants whose latest step is this one and whose game has not ended (ADR 047). */
  current: z.number().int(),
});

export const funnelGameSchema = z.object({
  gameName: z.enum(GAME_NAMES),
  steps: z.array(funnelStepSchema),
  started: z.number().int(),
  finished: z.number().int(),
  /** Reloaded or left mid-game (ended `interrupted`). */
  interrupted: z.number().int(),
  /** An optional game the participant chose not to play (ended `skipped`; ADR 047). */
  skipped: z.number().int(),
  /** In progress with no activity for `abandonMinutes`. */
  abandoned: z.number().int(),
  /** In progress and active within `abandonMinutes`. */
  active: z.number().int(),
});
export type FunnelGame = z.infer<typeof funnelGameSchema>;

/** GET_FUNNEL: per game, participants who reached each progress step, finished, were interrupted or abandoned. */
export const getFunnel = defineAction({
  app: 'delphi', dataType: 'Participant', name: 'GET_FUNNEL', endpoint: 'funnel',
  summary: 'The study funnel: per game, how many participants reached each step, finished, abandoned or were interrupted (review+ in the study; manageApp, devOp).',
  input: z.object({
    ...dataScopeShape,
    abandonMinutes: z.coerce
      .number({ error: 'abandonMinutes must be a whole number of minutes from 1 to 10080' })
      .int({ message: 'abandonMinutes must be a whole number of minutes from 1 to 10080' })
      .min(1, { message: 'abandonMinutes must be a whole number of minutes from 1 to 10080' })
      .max(10_080, { message: 'abandonMinutes must be a whole number of minutes from 1 to 10080' })
      .default(DEFAULT_ABANDON_MINUTES),
  }),
  output: z.object({ participants: z.number().int(), games: z.array(funnelGameSchema), at: z.string() }),
  access: 'read',
});

export const timelineEntrySchema = z.object({
  /** ISO time. */
  at: z.string(),
  /** `consentAgreed`: the participant agreed to the study's consent (detail: its version and the language of the text read, ADR 079). */
  kind: z.enum([...EVENT_KINDS, 'gameStarted', 'gameEnded', 'consentAgreed']),
  gameName: z.enum(GAME_NAMES).nullable(),
  /** Step `n of m: name`, an end's status, a hidden time, or the browser and screen of a context. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The round and prompt the event fell in (by time, ADR 026), when it fell in one. */
  round: z.string().nullable(),
  promptId: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET_TIMELINE: one participant's games, steps and attention events, oldest first, with last seen. */
export const getTimeline = defineAction({
  app: 'delphi', dataType: 'Participant', name: 'GET_TIMELINE', endpoint: 'timeline',
  summary: "One participant's timeline: games, steps, attention events and session contexts, with last seen (review+ in the suite's study; manageApp, devOp).",
  input: z.object({ suite: recordIdSchema }),
  output: z.object({
    participantId: z.string(),
    lastSeen: z.string().nullable(),
    entries: z.array(timelineEntrySchema),
    /** Entries left out beyond the newest TIMELINE_LIMIT. */
    truncated: z.boolean(),
  }),
  access: 'read',
});
export const TIMELINE_LIMIT = 500;

export const DELPHI_EVENT_DESCRIPTORS = [logEvent, getFunnel, getTimeline] as const;

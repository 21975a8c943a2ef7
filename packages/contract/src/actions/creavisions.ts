/**
 * The creative-visions app (issue 16 part 4, SPEC §3 and §7, ADR 030): workshops ("events")
 * where participants write a vision, every step logged, a gallery of published visions and a
 * similar-gallery search over them.
 * - Staff (manageApp) create events; the owner or a manager is the event's facilitator:
 *   `/actions/creavisions/Event/action/{create,list,get,log,export,close,reopen}`; anyone may
 *   read what the join page shows: `/actions/creavisions/Event/action/about`.
 * - `CVSession create(eventName)` begins a sitting of a participant (session key and user id,
 *   or an account): `/actions/creavisions/CVSession/action/{create,resume,signUp}`. It answers a
 *   sitting id and a secret token that every later participant call carries (no cookie, so a
 *   facilitator's login in the same browser stays as it is).
 * - `POST {eventName}/logEntry`: `/actions/creavisions/{eventName}/action/logEntry`, idempotent
 *   by the client's `_id`; the vision itself is the sum of its logged steps.
 * - `/actions/creavisions/action/{gallery,findSimilar}`.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { IDENTIFIER_PATTERN, VALIDATION_MESSAGES, requiredStringSchema } from '../validation';
import { sessionUserSchema } from './session';
import { signUpFields, signUpOutputSchema } from './sign-up';

/** An event's name is its address (`{eventName}/logEntry`): lower-case letters, digits and dashes. */
export const EVENT_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
export const EVENT_NAME_MESSAGE = 'must be 2 to 63 lower-case letters, digits or dashes, starting with a letter or digit';
export const MAX_VISION_TEXT = 5_000;
export const MAX_VISION_TITLE = 120;
export const MAX_QUERY = 500;
export const MAX_AMOUNT = 50;
export const DEFAULT_AMOUNT = 10;
export const MAX_LOG_PAGE = 200;

/** The steps a participant's client logs. `draft`, `image`, `publish` and `unpublish` change the vision. */
export const LOG_KINDS = ['joined', 'draft', 'image', 'publish', 'unpublish', 'gallery', 'search', 'view'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
export const ENTRY_KINDS: readonly LogKind[] = ['draft', 'image', 'publish', 'unpublish'];
/** Steps that only read: still logged on a closed event, whose gallery stays readable (ADR 034). */
export const READING_KINDS: readonly LogKind[] = ['gallery', 'search', 'view'];

export const eventNameSchema = z.string({ error: EVENT_NAME_MESSAGE }).trim().toLowerCase().regex(EVENT_NAME_PATTERN, { message: EVENT_NAME_MESSAGE });
const idSchema = z.string({ error: 'must be an identifier' }).trim().regex(IDENTIFIER_PATTERN, { message: 'must be an identifier' });
const keySchema = requiredStringSchema(VALIDATION_MESSAGES.sessionKey).max(200, { message: VALIDATION_MESSAGES.sessionKey });
const userIdSchema = z.string({ error: VALIDATION_MESSAGES.userId }).trim().regex(IDENTIFIER_PATTERN, { message: VALIDATION_MESSAGES.userId });
const imageUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine((url) => url === '' || /^(https?:\/\/|\/)/.test(url), { message: 'must be an http(s) address or a path on this site' });

/** The sitting a participant call belongs to. */
export const sittingSchema = { sessionId: idSchema, sessionToken: requiredStringSchema().max(200) };
/** Gallery and search: a participant's sitting, or none for the event's facilitator (cookie). */
const optionalSitting = { sessionId: idSchema.optional(), sessionToken: z.string().trim().max(200).optional() };

export const eventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(['open', 'closed']),
  signUpOpen: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  sessions: z.number().int(),
  published: z.number().int(),
});
export type CvEvent = z.infer<typeof eventSchema>;

export const entrySchema = z.object({
  _id: z.string(),
  title: z.string(),
  text: z.string(),
  imageUrl: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CvEntry = z.infer<typeof entrySchema>;

/** What the facilitator sees of an entry: also who wrote it and in which sitting. */
export const facilitatorEntrySchema = entrySchema.extend({ participant: z.string(), sessionId: z.string(), createdAt: z.string() });

export const sittingRecordSchema = z.object({
  _id: z.string(),
  participant: z.string(),
  via: z.enum(['key', 'account', 'signUp']),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  steps: z.number().int(),
});

export const logRecordSchema = z.object({
  _id: z.string(),
  sessionId: z.string(),
  participant: z.string(),
  kind: z.enum(LOG_KINDS),
  entryId: z.string().nullable(),
  data: z.record(z.string(), z.string()),
  clientAt: z.string(),
  receivedAt: z.string(),
});
export type LogRecord = z.infer<typeof logRecordSchema>;

const eventDef = { app: 'creavisions', dataType: 'Event' } as const;
const sessionDef = { app: 'creavisions', dataType: 'CVSession' } as const;

export const createEvent = defineAction({
  ...eventDef,
  name: 'CV_CREATE_EVENT',
  summary: 'Create a creative-visions event (a workshop) with a session key (shown once).',
  endpoint: 'create',
  input: z.object({
    name: eventNameSchema,
    title: requiredStringSchema().max(200),
    description: z.string().trim().max(2_000).optional().default(''),
    expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
    maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
    signUpOpen: z.boolean().optional().default(false),
  }),
  output: z.object({ key: z.string(), event: eventSchema }),
  access: 'manageApp',
});

export const listEvents = defineAction({
  ...eventDef,
  name: 'CV_LIST_EVENTS',
  summary: 'The events the caller facilitates (managers: every event), newest first.',
  endpoint: 'list',
  input: z.object({}),
  output: z.object({ events: z.array(eventSchema) }),
  access: 'read',
});

export const getEvent = defineAction({
  ...eventDef,
  name: 'CV_GET_EVENT',
  summary: "An event's sittings and every entry (drafts included), for its facilitator.",
  endpoint: 'get',
  withId: true,
  input: z.object({}),
  output: z.object({ event: eventSchema, sessions: z.array(sittingRecordSchema), entries: z.array(facilitatorEntrySchema) }),
  access: 'read',
});

export const eventLog = defineAction({
  ...eventDef,
  name: 'CV_EVENT_LOG',
  summary: "A page of the event's log in the order the server received it (the timeline).",
  endpoint: 'log',
  withId: true,
  input: z.object({ offset: z.number().int().min(0).optional().default(0), limit: z.number().int().min(1).max(MAX_LOG_PAGE).optional().default(50) }),
  output: z.object({ records: z.array(logRecordSchema), total: z.number().int() }),
  access: 'read',
});

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const exportEvent = defineAction({
  ...eventDef,
  name: 'CV_EXPORT_EVENT',
  summary: "Download the event's log (CSV, one row per step) or everything (JSON).",
  method: 'GET',
  endpoint: 'export',
  withId: true,
  input: z.object({ format: z.enum(EXPORT_FORMATS, { error: 'must be csv or json' }).optional().default('csv') }),
  output: z.string(),
  access: 'read',
});

/** CV_CLOSE_EVENT: no more sittings or writing steps; the gallery stays readable (ADR 034). */
export const closeEvent = defineAction({
  ...eventDef,
  name: 'CV_CLOSE_EVENT',
  summary: 'Close an event: participants can no longer join, write or change visions; the gallery stays readable.',
  endpoint: 'close',
  withId: true,
  input: z.object({}),
  output: eventSchema,
  access: 'read',
});

/** CV_REOPEN_EVENT: the event takes part again (its key and sittings work as before). */
export const reopenEvent = defineAction({
  ...eventDef,
  name: 'CV_REOPEN_EVENT',
  summary: 'Reopen a closed event.',
  endpoint: 'reopen',
  withId: true,
  input: z.object({}),
  output: eventSchema,
  access: 'read',
});

/** What a visitor may know of an event before joining: its title, whether it is open, whether it takes sign-ups now. */
export const eventAbout = defineAction({
  ...eventDef,
  name: 'CV_EVENT_ABOUT',
  summary: "An event's title and whether it is open and takes sign-ups now (the join page).",
  endpoint: 'about',
  input: z.object({ eventName: eventNameSchema }),
  output: z.object({ name: z.string(), title: z.string(), description: z.string(), status: z.enum(['open', 'closed']), signUp: z.boolean() }),
  access: 'public',
});

export const EXPORT_COLUMNS = ['event', 'received_at', 'client_at', 'log_id', 'session_id', 'participant', 'kind', 'entry_id', 'title', 'text', 'image_url', 'query'] as const;

export const sittingOutputSchema = z.object({
  _id: z.string(),
  token: z.string(),
  participant: z.string(),
  event: z.object({ name: z.string(), title: z.string(), description: z.string(), status: z.enum(['open', 'closed']) }),
});

/** CVSession create: `{ Error, User, _sessionKey }` like the other session calls, plus the sitting. */
export const createSession = defineAction({
  ...sessionDef,
  name: 'CV_CREATE_SESSION',
  summary: 'Begin a sitting of an event with a session key and user id, or with your account.',
  endpoint: 'create',
  input: z
    .object({ eventName: eventNameSchema, sessionKey: keySchema.optional(), userId: userIdSchema.optional() })
    .refine((v) => (v.sessionKey === undefined) === (v.userId === undefined), { path: ['userId'], message: 'a session key and a user id go together' }),
  output: z.object({ Error: z.null(), User: sessionUserSchema.nullable(), _sessionKey: z.string(), session: sittingOutputSchema }),
  access: 'public',
});

export const resumeSession = defineAction({
  ...sessionDef,
  name: 'CV_RESUME_SESSION',
  summary: "A sitting again (after a reload), with the participant's own entries.",
  endpoint: 'resume',
  input: z.object({ ...sittingSchema, eventName: eventNameSchema }),
  output: z.object({ session: sittingOutputSchema.omit({ token: true }), entries: z.array(entrySchema) }),
  access: 'public',
});

export const signUp = defineAction({
  ...sessionDef,
  name: 'CV_SIGN_UP',
  summary: 'Sign up for an event by e-mail; a personal session-key link is mailed.',
  endpoint: 'signUp',
  input: z.object({ eventName: eventNameSchema, ...signUpFields }),
  output: signUpOutputSchema,
  access: 'public',
});

export const logDataSchema = z.object({
  title: z.string().trim().max(MAX_VISION_TITLE).optional(),
  text: z.string().trim().max(MAX_VISION_TEXT).optional(),
  imageUrl: imageUrlSchema.optional(),
  query: z.string().trim().max(MAX_QUERY).optional(),
});

export const logEntryInputSchema = z
  .object({
    ...sittingSchema,
    _id: idSchema,
    kind: z.enum(LOG_KINDS, { error: `must be one of ${LOG_KINDS.join(', ')}` }),
    entryId: idSchema.optional(),
    /** The client's clock when the step happened (kept as sent; the server adds its own). */
    at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
    data: logDataSchema.optional().default({}),
  })
  .superRefine((v, ctx) => {
    if (ENTRY_KINDS.includes(v.kind) && v.entryId === undefined) ctx.addIssue({ code: 'custom', path: ['entryId'], message: `a ${v.kind} step names its entry` });
    if (v.kind === 'draft' && v.data.text === undefined) ctx.addIssue({ code: 'custom', path: ['data', 'text'], message: 'a draft step carries the text' });
    if (v.kind === 'image' && v.data.imageUrl === undefined) ctx.addIssue({ code: 'custom', path: ['data', 'imageUrl'], message: 'An image url is required' });
  });

/** `POST {eventName}/logEntry`: the `:id` segment is the event's name (in the data-type position). */
const logEntryBase = defineAction({
  app: 'creavisions',
  dataType: ':id',
  name: 'CV_LOG_ENTRY',
  summary: "Log one step of a participant's sitting; idempotent by the client's `_id`.",
  endpoint: 'logEntry',
  input: logEntryInputSchema,
  output: z.object({ _id: z.string(), receivedAt: z.string(), duplicate: z.boolean() }),
  access: 'public',
});
export const logEntry = Object.freeze({ ...logEntryBase, withId: true });

export const galleryEntrySchema = entrySchema.omit({ published: true });
export type GalleryEntry = z.infer<typeof galleryEntrySchema>;

export const gallery = defineAction({
  app: 'creavisions',
  name: 'CV_GALLERY',
  summary: "A page of the event's published visions, newest first.",
  endpoint: 'gallery',
  input: z.object({
    eventName: eventNameSchema,
    ...optionalSitting,
    offset: z.number().int().min(0).optional().default(0),
    amount: z.number().int().min(1).max(MAX_AMOUNT).optional().default(DEFAULT_AMOUNT),
  }),
  output: z.object({ entries: z.array(galleryEntrySchema), total: z.number().int() }),
  access: 'public',
});

export const similarResultSchema = z.object({
  entry: galleryEntrySchema,
  /** 0–100: the share of content words the query and the entry have in common (ADR 030). */
  similarity: z.number().int().min(0).max(100),
  /** The query's words found in the entry (stem-matched), for the highlight. */
  matched: z.array(z.string()),
  /** The index's own relevance score (higher is better), which orders the results. */
  score: z.number(),
});
export type SimilarResult = z.infer<typeof similarResultSchema>;

export const findSimilar = defineAction({
  app: 'creavisions',
  name: 'CV_FIND_SIMILAR',
  summary: 'The published visions most similar to a query text or to an entry, with a visible similarity.',
  endpoint: 'findSimilar',
  input: z
    .object({
      eventName: eventNameSchema,
      ...optionalSitting,
      query: z.string().trim().max(MAX_QUERY).optional(),
      entryId: idSchema.optional(),
      amount: z.number({ error: `must be a whole number from 1 to ${MAX_AMOUNT}` }).int().min(1).max(MAX_AMOUNT).optional().default(DEFAULT_AMOUNT),
      offset: z.number().int().min(0).max(1_000).optional().default(0),
    })
    .refine((v) => (v.query !== undefined && v.query !== '') !== (v.entryId !== undefined), { path: ['query'], message: 'give a query text or an entry, not both' }),
  output: z.object({ results: z.array(similarResultSchema), hasMore: z.boolean(), terms: z.array(z.string()) }),
  access: 'public',
});

export const CREAVISIONS_DESCRIPTORS = [
  createEvent,
  listEvents,
  getEvent,
  eventLog,
  exportEvent,
  createSession,
  resumeSession,
  signUp,
  logEntry,
  gallery,
  findSimilar,
  closeEvent,
  reopenEvent,
  eventAbout,
] as const;

const MIN_STEM = 4;
const MAX_ENDING = 3;

/**
 * Two lower-case words match when equal or when one extends the other by a short ending
 * ("garden"/"gardens", "plant"/"planting"): the visible similarity (server) and the highlight
 * of the matched words (client) use this one rule (ADR 030).
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_STEM && long.length - short.length <= MAX_ENDING && long.startsWith(short);
}

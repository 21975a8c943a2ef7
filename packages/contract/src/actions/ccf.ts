/**
 * The cognitive-control-framework app (issue 15, SPEC §7 Sessions): researchers define keyed
 * sessions of fields; participants reach one with a session key and a user id, no account.
 * - Researcher calls: `/actions/ccf/SessionDefinition/action/{create,list,get,close,export}`.
 * - Participant calls: `/actions/ccf/Session/action/{getSession,selectField,submitField,signUp}`,
 *   each carrying `sessionKey` and `userId` (no cookie, so a researcher testing their own
 *   session in the same browser stays logged in).
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { IDENTIFIER_PATTERN, VALIDATION_MESSAGES, requiredStringSchema } from '../validation';
import { sessionUserSchema } from './session';
import { signUpFields, signUpOutputSchema } from './sign-up';

export const FIELD_TYPES = ['text', 'singleChoice', 'multipleChoice', 'scale', 'number'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The 1–7 scale of a `scale` field. */
export const SCALE_MIN = 1;
export const SCALE_MAX = 7;
export const MAX_FIELDS = 50;
export const MAX_OPTIONS = 20;
export const MAX_TEXT_ANSWER = 5_000;
export const DEFAULT_USER_ID_LABEL = 'User Id';

/** One message per bad value, per field type (the participant sees them as they are). */
export const ANSWER_MESSAGES: Readonly<Record<FieldType, string>> = {
  text: `Please write an answer (at most ${MAX_TEXT_ANSWER} characters).`,
  singleChoice: 'Please choose one of the options.',
  multipleChoice: 'Please choose one or more of the options, each once.',
  scale: `Please choose a whole number from ${SCALE_MIN} to ${SCALE_MAX}.`,
  number: 'Please enter a number.',
};

const keySchema = requiredStringSchema(VALIDATION_MESSAGES.sessionKey).max(200, { message: VALIDATION_MESSAGES.sessionKey });
const userIdSchema = z
  .string({ error: VALIDATION_MESSAGES.userId })
  .trim()
  .regex(IDENTIFIER_PATTERN, { message: VALIDATION_MESSAGES.userId });
const idSchema = z.string().trim().regex(IDENTIFIER_PATTERN, { message: 'must be an identifier' });

export const fieldInputSchema = z
  .object({
    prompt: requiredStringSchema().max(2_000),
    type: z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(', ')}` }),
    options: z.array(requiredStringSchema().max(300)).max(MAX_OPTIONS).optional().default([]),
  })
  .superRefine((field, ctx) => {
    const choice = field.type === 'singleChoice' || field.type === 'multipleChoice';
    if (choice && field.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a choice field needs at least two options' });
    if (!choice && field.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'only choice fields have options' });
    if (new Set(field.options).size !== field.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'options must differ' });
  });
export type FieldInput = z.input<typeof fieldInputSchema>;

export const fieldSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  prompt: z.string(),
  type: z.enum(FIELD_TYPES),
  options: z.array(z.string()),
});
export type CcfField = z.infer<typeof fieldSchema>;

/** An answer value as sent: text or a choice (string), a scale or number (number), choices (array). */
export const answerValueSchema = z.union([z.string().max(MAX_TEXT_ANSWER * 2), z.number(), z.array(z.string().max(300)).max(MAX_OPTIONS)]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const sessionStatusSchema = z.enum(['open', 'closed']);

export const ccfSessionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  userIdLabel: z.string(),
  status: sessionStatusSchema,
  signUpOpen: z.boolean(),
  fields: z.array(fieldSchema),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** The session key's record id, expiry and uses (the key itself is shown once, at creation). */
  sessionKeyId: z.string(),
  expiresAt: z.string(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  participants: z.number().int(),
});
export type CcfSession = z.infer<typeof ccfSessionSchema>;

const definition = { app: 'ccf', dataType: 'SessionDefinition' } as const;
const participation = { app: 'ccf', dataType: 'Session' } as const;

/** CCF_CREATE_SESSION: a session with its fields and a new session key, answered once. */
export const createSession = defineAction({
  ...definition,
  name: 'CCF_CREATE_SESSION',
  summary: 'Create a CCF session of fields with a session key (shown once).',
  endpoint: 'create',
  input: z.object({
    title: requiredStringSchema().max(200),
    userIdLabel: z.string().trim().max(60).optional().default(''),
    fields: z.array(fieldInputSchema).min(1, { message: 'a session needs at least one field' }).max(MAX_FIELDS),
    expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
    maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
    signUpOpen: z.boolean().optional().default(false),
  }),
  output: z.object({ key: z.string(), session: ccfSessionSchema }),
  access: 'manageApp',
});

/** CCF_LIST_SESSIONS: the sessions the caller owns (managers: every session), newest first. */
export const listSessions = defineAction({
  ...definition,
  name: 'CCF_LIST_SESSIONS',
  summary: 'List CCF sessions the caller owns or manages.',
  endpoint: 'list',
  input: z.object({}),
  output: z.object({ sessions: z.array(ccfSessionSchema) }),
  access: 'read',
});

export const participantProgressSchema = z.object({
  userId: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  answered: z.number().int(),
  total: z.number().int(),
  signedUp: z.boolean(),
});

export const answerRecordSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  fieldId: z.string(),
  version: z.number().int(),
  value: answerValueSchema,
  submittedAt: z.string(),
});
export type AnswerRecord = z.infer<typeof answerRecordSchema>;

/** CCF_GET_SESSION_RESULTS: a session with its participants' progress and every answer version. */
export const getResults = defineAction({
  ...definition,
  name: 'CCF_GET_SESSION_RESULTS',
  summary: 'A CCF session, its participants and progress, and every answer with its time.',
  endpoint: 'get',
  withId: true,
  input: z.object({}),
  output: z.object({ session: ccfSessionSchema, participants: z.array(participantProgressSchema), answers: z.array(answerRecordSchema) }),
  access: 'read',
});

/** CCF_CLOSE_SESSION: answers can no longer be given or changed; the key stops working. */
export const closeSession = defineAction({
  ...definition,
  name: 'CCF_CLOSE_SESSION',
  summary: 'Close a CCF session.',
  endpoint: 'close',
  withId: true,
  input: z.object({}),
  output: ccfSessionSchema,
  access: 'read',
});

/** CCF_EXPORT_SESSION: every answer version in long format as CSV (one row per answer version). */
export const exportSession = defineAction({
  ...definition,
  name: 'CCF_EXPORT_SESSION',
  summary: 'Download the answers of a CCF session as CSV (long format).',
  method: 'GET',
  endpoint: 'export',
  withId: true,
  input: z.object({}),
  output: z.string(),
  access: 'read',
});

/** Columns of the CSV export, in order. */
export const EXPORT_COLUMNS = [
  'session_id',
  'session_title',
  'user_id',
  'field_position',
  'field_id',
  'field_type',
  'prompt',
  'version',
  'is_current',
  'value',
  'opened_at',
  'submitted_at',
] as const;

const participantInput = { sessionKey: keySchema, userId: userIdSchema };

export const participantFieldSchema = fieldSchema.extend({
  /** The latest answer, or null. */
  answer: answerValueSchema.nullable(),
  version: z.number().int(),
  answeredAt: z.string().nullable(),
  openedAt: z.string().nullable(),
});
export type ParticipantField = z.infer<typeof participantFieldSchema>;

/** CCF_GET_SESSION: `{ Error, User, _sessionKey }` plus the session's fields with this user's progress. */
export const getSession = defineAction({
  ...participation,
  name: 'CCF_GET_SESSION',
  summary: 'Begin or continue a CCF session with a session key and a user id.',
  endpoint: 'getSession',
  input: z.object(participantInput),
  output: z.object({
    Error: z.null(),
    User: sessionUserSchema,
    /** The CCF session's id. */
    _sessionKey: z.string(),
    session: z.object({
      _id: z.string(),
      title: z.string(),
      userIdLabel: z.string(),
      status: sessionStatusSchema,
      fields: z.array(participantFieldSchema),
    }),
    progress: z.object({ answered: z.number().int(), total: z.number().int() }),
  }),
  access: 'public',
});

/** CCF_SELECT_FIELD: the participant opened a field (logged with the server's time). */
export const selectField = defineAction({
  ...participation,
  name: 'CCF_SELECT_FIELD',
  summary: 'Log that a participant opened a field.',
  endpoint: 'selectField',
  input: z.object({ ...participantInput, fieldId: idSchema }),
  output: z.object({ fieldId: z.string(), openedAt: z.string() }),
  access: 'public',
});

/** CCF_SUBMIT_FIELD: stores an answer version; the client's `_id` makes a retry store nothing twice. */
export const submitField = defineAction({
  ...participation,
  name: 'CCF_SUBMIT_FIELD',
  summary: 'Submit (or change) the answer to a field; idempotent by the client id.',
  endpoint: 'submitField',
  input: z.object({ ...participantInput, fieldId: idSchema, _id: idSchema, value: answerValueSchema }),
  output: z.object({ _id: z.string(), fieldId: z.string(), version: z.number().int(), submittedAt: z.string(), duplicate: z.boolean() }),
  access: 'public',
});

/** CCF_SIGN_UP: mails a personal session-key link; the same answer whatever the address. */
export const signUp = defineAction({
  ...participation,
  name: 'CCF_SIGN_UP',
  summary: 'Sign up for a CCF session by e-mail; a personal session-key link is mailed.',
  endpoint: 'signUp',
  input: z.object({ sessionId: idSchema, ...signUpFields }),
  output: signUpOutputSchema,
  access: 'public',
});

export const CCF_DESCRIPTORS = [createSession, listSessions, getResults, closeSession, exportSession, getSession, selectField, submitField, signUp] as const;

/**
 * Checks an answer against its field's type, for the form and the server alike. Answers the
 * normalised value (trimmed text, options in the field's order) or the field type's message.
 */
export function checkAnswer(field: Pick<CcfField, 'type' | 'options'>, value: unknown): { ok: true; value: AnswerValue } | { ok: false; message: string } {
  const fail = { ok: false as const, message: ANSWER_MESSAGES[field.type] };
  switch (field.type) {
    case 'text': {
      if (typeof value !== 'string') return fail;
      const text = value.trim();
      return text.length > 0 && text.length <= MAX_TEXT_ANSWER ? { ok: true, value: text } : fail;
    }
    case 'singleChoice':
      return typeof value === 'string' && field.options.includes(value) ? { ok: true, value } : fail;
    case 'multipleChoice': {
      if (!Array.isArray(value) || value.length === 0) return fail;
      const chosen = new Set<unknown>(value);
      if (chosen.size !== value.length || !value.every((v) => typeof v === 'string' && field.options.includes(v))) return fail;
      return { ok: true, value: field.options.filter((option) => chosen.has(option)) };
    }
    case 'scale':
      return typeof value === 'number' && Number.isInteger(value) && value >= SCALE_MIN && value <= SCALE_MAX ? { ok: true, value } : fail;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? { ok: true, value } : fail;
  }
}

/**
 * Session keys (SPEC §1 "start a session with a session key", §7 Sessions): administrators
 * create keys on `/actions/app/SessionKey/action/…`; visitors enter one on
 * `/actions/app/Session/action/enterSessionKey` and get a guest session.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { APP_ADMIN_FLAG, DEVOP_FLAG } from '../permissions';
import { VALIDATION_MESSAGES } from '../validation';

/** The logged-in user (or a session-key guest) as the web client keeps it (SPEC §3). */
export const sessionUserSchema = z.object({
  _id: z.string(),
  _email: z.string(),
  _firstName: z.string(),
  _lastName: z.string(),
  /** `First Last`; `Guest` for a session-key guest. */
  name: z.string(),
  title: z.string(),
  [DEVOP_FLAG]: z.boolean(),
  [APP_ADMIN_FLAG]: z.boolean(),
  /** True for a session started with a session key (no account behind it). */
  isGuest: z.boolean(),
  /** The profile image the person chose in the image picker; absent or null: the avatar from the e-mail. */
  imageUrl: z.string().nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Answer of every session-giving call. `_sessionKey` is the session's public id, never the cookie. */
export const sessionResponseSchema = z.object({
  Error: z.null(),
  User: sessionUserSchema,
  _sessionKey: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * Answer of resumeSession: the same, with `User` and `_sessionKey` null when the cookie holds
 * no live session. Not being logged in is an ordinary answer there, not an error: every
 * visitor's first page load asks, and a 401 would log a console error on each of them.
 */
export const resumedSessionSchema = z.object({
  Error: z.null(),
  User: sessionUserSchema.nullable(),
  _sessionKey: z.string().nullable(),
});
export type ResumedSession = z.infer<typeof resumedSessionSchema>;

/** A session key as administrators see it; the key itself is only ever shown once, at creation. */
export const sessionKeyRecordSchema = z.object({
  _id: z.string(),
  label: z.string(),
  expiresAt: z.string(),
  /** null: unlimited uses until expiry. */
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  createdAt: z.string(),
  /** Account id of the creator; null once that account is forgotten. */
  createdBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'usedUp', 'revoked']),
});
export type SessionKeyRecord = z.infer<typeof sessionKeyRecordSchema>;

const sessionKey = { app: 'app', dataType: 'SessionKey' } as const;

/** CREATE_SESSION_KEY: answers the key ONCE (store it now) plus its record. */
export const create = defineAction({
  ...sessionKey,
  name: 'CREATE_SESSION_KEY',
  summary: 'Create a session key (shown once).',
  endpoint: 'create',
  input: z.object({
    label: z.string({ error: VALIDATION_MESSAGES.required }).trim().min(1, { message: VALIDATION_MESSAGES.required }).max(200),
    /** ISO 8601 date-time in the future. */
    expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
    maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
  }),
  output: z.object({ key: z.string(), sessionKey: sessionKeyRecordSchema }),
  access: 'manageApp',
});

/** LIST_SESSION_KEYS: every key's record, newest first (never the key). */
export const list = defineAction({
  ...sessionKey,
  name: 'LIST_SESSION_KEYS',
  summary: 'List session keys.',
  endpoint: 'list',
  input: z.object({}),
  output: z.object({ sessionKeys: z.array(sessionKeyRecordSchema) }),
  access: 'manageApp',
});

/** REVOKE_SESSION_KEY: the key stops working and its guest sessions end. */
export const revoke = defineAction({
  ...sessionKey,
  name: 'REVOKE_SESSION_KEY',
  summary: 'Revoke a session key and end its guest sessions.',
  endpoint: 'revoke',
  withId: true,
  input: z.object({}),
  output: sessionKeyRecordSchema,
  access: 'manageApp',
});

/** ENTER_SESSION_KEY: a guest session that ends no later than the key; 400 for a bad key. */
export const enterSessionKey = defineAction({
  app: 'app',
  dataType: 'Session',
  name: 'ENTER_SESSION_KEY',
  summary: 'Start a guest session with a session key.',
  endpoint: 'enterSessionKey',
  input: z.object({
    key: z.string({ error: VALIDATION_MESSAGES.sessionKey }).trim().min(1, { message: VALIDATION_MESSAGES.sessionKey }).max(200),
  }),
  output: sessionResponseSchema,
  access: 'public',
});

export const SESSION_DESCRIPTORS = [create, list, revoke, enterSessionKey] as const;

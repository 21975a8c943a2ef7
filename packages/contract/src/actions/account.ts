/**
 * Account calls (SPEC §7, issue 3): `/actions/app/Account/action/<endpoint>[/<id>]`.
 * Passwords travel as `hex(sha256(PASSWORD_SALT + password))` (see `passwordHashSchema`).
 * Mail-sending calls answer `{ _status: 'sent' }` whether or not the address has an account.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import type { ActionSpec } from '../api';
import { VALIDATION_MESSAGES, emailSchema, requiredStringSchema } from '../validation';
import { resumedSessionSchema, sessionResponseSchema, sessionUserSchema } from './session';

export { sessionResponseSchema, sessionUserSchema };
export type { SessionResponse, SessionUser } from './session';

/** The client-side password hash: 64 hex characters (any case; the server lower-cases it). */
export const passwordHashSchema = (message: string = VALIDATION_MESSAGES.loginPassword) =>
  z
    .string({ error: message })
    .trim()
    // abort: an empty field gets only "A password is required", not the shape message too.
    .min(1, { message, abort: true })
    .regex(/^[0-9a-fA-F]{64}$/, { message: 'must be the client-side SHA-256 hash of the password (64 hex characters)' })
    .transform((value) => value.toLowerCase());

/** A mail-link token as mailed (32 random bytes, base64url); the server answers 400 for a bad one. */
export const tokenSchema = z.string({ error: 'A valid token is required' }).trim().min(1, { message: 'A valid token is required' }).max(200);

/**
 * Where mail links point: an http(s) origin (no path or query) on PUBLIC_DOMAIN or a
 * subdomain of it; the server refuses anything else (no open redirects).
 */
export const redirectToSchema = z.string({ error: 'A redirect origin is required' }).trim().min(1).max(300);

const optionalTitle = z.string().trim().max(200).optional();
const nameField = () => requiredStringSchema().pipe(z.string().max(200));

export const PERSON_CARD_LIMITS = { text: 500, awards: 100 } as const;

/** An account as administrators (and its owner) see it. */
export const accountRecordSchema = sessionUserSchema.omit({ isGuest: true }).extend({
  /** `pending` until the account is activated from its mail link. */
  status: z.enum(['pending', 'active']),
  createdAt: z.string(),
  /** The person card's fields (SPEC §2), kept on the account: `_Person` documents are immutable. */
  programme: z.string().default(''),
  university: z.string().default(''),
  awards: z.array(z.string()).default([]),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

export const statusSchema = <S extends string>(status: S) => z.object({ _status: z.literal(status) });
const sent = statusSchema('sent');

const page = {
  offset: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** A search string over name and e-mail (case-insensitive, substring). */
  filter: z.string().trim().max(200).default(''),
};

/** Every Account call lives at `/actions/app/Account/action/<endpoint>`. */
function accountAction<I extends z.ZodType, O extends z.ZodType>(spec: Omit<ActionSpec<I, O>, 'app' | 'dataType'>) {
  return defineAction({ ...spec, app: 'app', dataType: 'Account' });
}

/** LIST_USERS: page through all accounts, newest first (manageApp or devOp). */
export const list = accountAction({
  name: 'LIST_USERS', endpoint: 'list',
  summary: 'Page through accounts, searching name and e-mail.',
  input: z.object(page),
  output: z.object({ users: z.array(accountRecordSchema), total: z.number().int() }),
  access: 'manageApp',
});

/** GET_USER: one account; the owner or an administrator. */
export const get = accountAction({
  name: 'GET_USER', endpoint: 'get',
  summary: 'One account (self, or manageApp for others).',
  method: 'GET', withId: true,
  input: z.object({}),
  output: accountRecordSchema,
  access: 'read',
});

/** LOGIN: a new session and its cookie; a wrong e-mail or password is a 400 `Login Error`. */
export const login = accountAction({
  name: 'LOGIN', endpoint: 'login',
  summary: 'Log in with e-mail and the client-side password hash.',
  input: z.object({ _email: emailSchema(VALIDATION_MESSAGES.loginEmail), password: passwordHashSchema() }),
  output: sessionResponseSchema,
  access: 'public',
});

/** LOGOUT: ends the caller's session server-side and clears the cookie (also fine when logged out). */
export const logout = accountAction({
  name: 'LOGOUT', endpoint: 'logout',
  summary: 'End the current session.',
  input: z.object({}),
  output: statusSchema('loggedOut'),
  access: 'public',
});

/** CHANGE_PASSWORD: self only; ends the user's other sessions. */
export const changePassword = accountAction({
  name: 'CHANGE_PASSWORD', endpoint: 'changePassword',
  summary: 'Change the password (self only); other sessions end.',
  method: 'PUT', withId: true,
  input: z.object({ update: z.object({ passphrase: passwordHashSchema(), newPassphrase: passwordHashSchema() }) }),
  output: statusSchema('changed'),
  access: 'read',
});

/** REQUEST_ACCOUNT: mails an activation link (`activateAccount`, or `activateAcademicAccount` with a title). */
export const requestAccount = accountAction({
  name: 'REQUEST_ACCOUNT', endpoint: 'requestAccount',
  summary: 'Request an account; an activation link is mailed.',
  input: z.object({
    _email: emailSchema(VALIDATION_MESSAGES.invalidEmail),
    _firstName: nameField(),
    _lastName: nameField(),
    _redirectTo: redirectToSchema,
    title: optionalTitle,
  }),
  output: sent,
  access: 'public',
});

/** `_redirectTo` is optional where the spec names no payload: the request's own origin is used. */
const optionalRedirect = z.object({ _redirectTo: redirectToSchema.optional() });

/** REQUEST_FORGET_USER: self only; mails a `/forgetAboutMe/<token>` link. */
export const forgetMe = accountAction({
  name: 'REQUEST_FORGET_USER', endpoint: 'forgetMe',
  summary: 'Ask to be forgotten; a confirmation link is mailed.',
  withId: true,
  input: optionalRedirect,
  output: sent,
  access: 'read',
});

/** REQUEST_RESET_PASSWORD: mails a `/resetPassword/<token>` link if the account exists; same answer either way. */
export const requestResetPassword = accountAction({
  name: 'REQUEST_RESET_PASSWORD', endpoint: 'requestResetPassword',
  summary: 'Mail a password-reset link.',
  input: z.object({
    _email: emailSchema(VALIDATION_MESSAGES.cannotBeEmpty),
    _redirectTo: redirectToSchema,
    _appId: z.string().trim().max(50).optional(),
  }),
  output: sent,
  access: 'public',
});

/** REQUEST_CHANGE_EMAIL: self only; mails a `/changeAccountEmail/<token>` link to the CURRENT address. */
export const requestChangeEmail = accountAction({
  name: 'REQUEST_CHANGE_EMAIL', endpoint: 'requestChangeEmail',
  summary: 'Start an e-mail change; the current address confirms first.',
  withId: true,
  input: z.object({ newEmail: emailSchema(VALIDATION_MESSAGES.invalidEmail), _redirectTo: redirectToSchema }),
  output: sent,
  access: 'read',
});

/** CONFIRM_CHANGE_EMAIL: the current address confirmed; a `/activateNewEmail/<token>` link goes to the new one. */
export const confirmChangeEmail = accountAction({
  name: 'CONFIRM_CHANGE_EMAIL', endpoint: 'confirmChangeEmail',
  summary: 'Confirm an e-mail change from the current address.',
  input: z.object({ changeAccountEmailToken: tokenSchema }),
  output: sent,
  access: 'public',
});

/** ACTIVATE_NEW_EMAIL: the new address confirmed; the account now uses it. */
export const activateNewEmail = accountAction({
  name: 'ACTIVATE_NEW_EMAIL', endpoint: 'activateNewEmail',
  summary: 'Switch the account to the new, confirmed address.',
  input: z.object({ activateNewEmailToken: tokenSchema }),
  output: z.object({ _status: z.literal('changed'), _email: z.string() }),
  access: 'public',
});

/** ACTIVATE_ACCOUNT: activates, sets names and password, and logs in. */
export const activateAccountWithToken = accountAction({
  name: 'ACTIVATE_ACCOUNT', endpoint: 'activateAccountWithToken',
  summary: 'Activate an account from its mailed link and log in.',
  input: z.object({
    activateAccountToken: tokenSchema,
    title: optionalTitle,
    _firstName: nameField(),
    _lastName: nameField(),
    password: passwordHashSchema(),
  }),
  output: sessionResponseSchema,
  access: 'public',
});

export const TOKEN_NAMES = ['activateAccountToken', 'resetPasswordToken'] as const;

/** VERIFY_ACTIVATE_ACCOUNT_TOKEN / VERIFY_RESET_PASSWORD_TOKEN: whether a link is still usable (does not use it). */
export const verifyToken = accountAction({
  name: 'VERIFY_TOKEN', endpoint: 'verifyToken',
  summary: 'Check a mailed token without using it.',
  input: z.object({ tokenName: z.enum(TOKEN_NAMES), token: tokenSchema }),
  output: z.object({
    valid: z.boolean(),
    email: z.string().optional(),
    /** Activation tokens: what the request gave, to prefill the form. */
    _firstName: z.string().optional(),
    _lastName: z.string().optional(),
    title: z.string().optional(),
  }),
  access: 'public',
});

/** RESET_PASSWORD: sets the new password and ends every session of the account. */
export const resetPasswordWithToken = accountAction({
  name: 'RESET_PASSWORD', endpoint: 'resetPasswordWithToken',
  summary: 'Set a new password from a mailed reset link.',
  input: z.object({ resetPasswordToken: tokenSchema, newPassword: passwordHashSchema() }),
  output: statusSchema('reset'),
  access: 'public',
});

/** RESUME_SESSION: the caller's user when the cookie holds a live session, else `User: null` (200). */
export const resumeSession = accountAction({
  name: 'RESUME_SESSION', endpoint: 'resumeSession',
  summary: 'The current session, if any (User null otherwise).',
  input: z.object({}),
  output: resumedSessionSchema,
  access: 'public',
});

/** REQUEST_DOWNLOAD_MY_DATA: self only; mails a `/downloadMyData/<token>` link. */
export const requestDownloadMyData = accountAction({
  name: 'REQUEST_DOWNLOAD_MY_DATA', endpoint: 'requestDownloadMyData',
  summary: 'Ask for a copy of my data; a download link is mailed.',
  withId: true,
  input: optionalRedirect,
  output: sent,
  access: 'read',
});

/** Everything stored about a user, as one JSON object (no hashes). */
export const myDataSchema = z.object({
  exportedAt: z.string(),
  account: accountRecordSchema.extend({ updatedAt: z.string() }),
  sessions: z.array(z.object({ createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string() })),
  tokens: z.array(z.object({ kind: z.string(), createdAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable() })),
  /** Data other modules keep about the user, by module name. */
  other: z.record(z.string(), z.unknown()),
});
export type MyData = z.infer<typeof myDataSchema>;

/** CONFIRM_DOWNLOAD_MY_DATA: uses the token and answers everything stored about the user. */
export const confirmDownloadMyData = accountAction({
  name: 'CONFIRM_DOWNLOAD_MY_DATA', endpoint: 'confirmDownloadMyData',
  summary: 'Download everything stored about me (from the mailed link).',
  input: z.object({ downloadMyDataToken: tokenSchema }),
  output: myDataSchema,
  access: 'public',
});

/** CONFIRM_FORGET_ABOUT_ME: deletes the account, its sessions, tokens and personal data. */
export const confirmForgetAboutMe = accountAction({
  name: 'CONFIRM_FORGET_ABOUT_ME', endpoint: 'confirmForgetAboutMe',
  summary: 'Delete my account and personal data (from the mailed link).',
  input: z.object({ forgetAboutMeToken: tokenSchema }),
  output: statusSchema('forgotten'),
  access: 'public',
});

/** The kinds of things that are shared with accounts (ADR 059). */
export const SHARED_ASSET_TYPES = ['VectorStore'] as const;

/**
 * LIST_ASSET_USERS: active users' ids and names, for sharing (any logged-in account); with
 * `asset`, the accounts that asset is shared with (who may read the asset may ask).
 */
export const listAssetUsers = accountAction({
  name: 'LIST_ASSET_USERS', endpoint: 'listAssetUsers',
  summary: 'Active users (id and name) to share with; with asset {type, id}: whom that asset is shared with.',
  input: z.object({
    ...page,
    asset: z.object({ type: z.enum(SHARED_ASSET_TYPES), id: z.string().min(1).max(64) }).optional(),
  }),
  output: z.object({ users: z.array(z.object({ _id: z.string(), name: z.string() })), total: z.number().int() }),
  access: 'read',
});

/** SET_APP_ADMIN: grant or withdraw ©isAppAdmin (manageApp or devOp). */
export const setAppAdmin = accountAction({
  name: 'SET_APP_ADMIN', endpoint: 'setAppAdmin',
  summary: "Set a user's ©isAppAdmin flag.",
  withId: true,
  input: z.object({ isAppAdmin: z.boolean({ error: 'isAppAdmin must be true or false' }) }),
  output: accountRecordSchema,
  access: 'manageApp',
});

export const PROFILE_IMAGE_MAX_URL = 2048;
const UPLOAD_PATH_PATTERN = /^\/uploads\/[A-Za-z0-9_-]{1,64}$/;

/** A profile image is an http(s) address or one of this site's uploads (`/uploads/<id>`): never `javascript:` or `data:`. */
export function isProfileImageUrl(value: string): boolean {
  if (UPLOAD_PATH_PATTERN.test(value)) return true;
  if (!URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === 'http:' || protocol === 'https:';
}

/** SET_PROFILE_IMAGE: the caller's own profile image, chosen in the image picker; null = the default avatar. */
export const setProfileImage = accountAction({
  name: 'SET_PROFILE_IMAGE', endpoint: 'setProfileImage',
  summary: 'Set (or, with null, clear) my profile image: an http(s) URL or one of my uploads.',
  input: z.object({
    imageUrl: z
      .string({ error: 'imageUrl must be a string or null' })
      .trim()
      .max(PROFILE_IMAGE_MAX_URL, { message: `imageUrl must be at most ${PROFILE_IMAGE_MAX_URL} characters` })
      .refine(isProfileImageUrl, { message: 'imageUrl must be an http or https URL or an upload' })
      .nullable(),
  }),
  output: sessionUserSchema,
  access: 'read',
});

const cardText = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(PERSON_CARD_LIMITS.text, { message: `${field} must be at most ${PERSON_CARD_LIMITS.text} characters` });

/** UPDATE_PROFILE: the caller's own names, title and person card (programme, university, awards); absent fields stay. */
export const updateProfile = accountAction({
  name: 'UPDATE_PROFILE', endpoint: 'updateProfile',
  summary: 'Change my names, academic title, programme, university and awards (the person card).',
  method: 'PATCH', withId: true,
  input: z.object({
    _firstName: nameField().optional(),
    _lastName: nameField().optional(),
    title: z.string({ error: 'title must be a string' }).trim().max(200, { message: 'title must be at most 200 characters' }).optional(),
    programme: cardText('programme').optional(),
    university: cardText('university').optional(),
    awards: z
      .array(cardText('Each award').pipe(z.string().min(1, { message: 'An award cannot be empty' })), { error: 'awards must be a list of texts' })
      .max(PERSON_CARD_LIMITS.awards, { message: `At most ${PERSON_CARD_LIMITS.awards} awards` })
      .optional(),
  }),
  output: accountRecordSchema,
  access: 'read',
});

export const ACCOUNT_DESCRIPTORS = [
  ...[list, get, login, logout, changePassword, requestAccount, forgetMe, requestResetPassword, requestChangeEmail],
  ...[confirmChangeEmail, activateNewEmail, activateAccountWithToken, verifyToken, resetPasswordWithToken, resumeSession],
  ...[requestDownloadMyData, confirmDownloadMyData, confirmForgetAboutMe, listAssetUsers, setAppAdmin, setProfileImage],
  updateProfile,
] as const;

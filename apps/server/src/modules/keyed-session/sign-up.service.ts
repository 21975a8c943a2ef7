/**
 * Sign-up by e-mail, one service for every target that takes it (the `signUp` modal: a CCF
 * session, issue 15; a creative-visions event, ADR 030; folded into one in ADR 034). The visitor
 * gets a personal session key for their own user id by mail. The answer is the same whatever
 * the address, the e-mail is never stored, and the mail counts against the same per-address and
 * per-e-mail buckets as every other mail. The target says what is signed up for (the session or
 * event and its shared key, whose expiry the personal key takes), the link, and where the
 * personal key is recorded.
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorInfo } from '@chi/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import type { DatabaseSchema } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { mailLanguage } from '../../mail/language';
import type { Mailer } from '../../mail/mailer';
import { LIMITS } from '../../security/rate-limiter';
import type { RateLimiter } from '../../security/rate-limiter';
import { sha256Hex } from '../../security/secrets';
import { normaliseEmail } from '../account/account.repo';
import { checkRedirectTo } from '../account/redirect';
import { renderSignUpMail } from './sign-up-mail';
import { insertSessionKey } from './session-key.repo';

/** The answers of the targets' sign-up and personal keys (each target names itself: session, event). */
export const PERSONAL_KEY_ERROR = { name: 'Session Key Error', message: 'This personal session key belongs to another user id.', code: 400 } as const satisfies ErrorInfo;
export function noSignUpError(target: 'session' | 'event') {
  return { name: 'Sign Up Error', message: `This ${target} does not take sign-ups.`, code: 400 } as const satisfies ErrorInfo;
}

export interface SignUpDeps {
  readonly db: Kysely<DatabaseSchema>;
  readonly config: Config;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  readonly now: () => Date;
}

/** Who a target belongs to: its user ids are salted with the name, its keys labelled with it. */
const NAMESPACES = { ccf: 'CCF', cv: 'Creative visions' } as const;

export interface SignUpTarget {
  readonly namespace: keyof typeof NAMESPACES;
  /** The session or event signed up for: taking sign-ups and not closed, or refused. */
  readonly source: { readonly id: string; readonly title: string; readonly sign_up_open: number; readonly status: string };
  /** Its shared key: the personal key expires with it, and none is made once it is revoked or expired. */
  readonly sharedKey: { readonly expires_at: string; readonly revoked_at: string | null } | undefined;
  /** The page that begins the session with the personal key and user id filled in. */
  link(origin: string, key: string, userId: string): string;
  /** Records the personal key (and anything the target keeps of a sign-up) in the key's transaction. */
  record(trx: Transaction<DatabaseSchema>, sessionKeyId: string, userId: string, at: string): Promise<void>;
}

/** Taking sign-ups now: opened to them, not closed, and its shared key live. */
export function takesSignUps(target: SignUpTarget, now: Date): boolean {
  return target.source.sign_up_open === 1 && target.source.status !== 'closed' && isLiveKey(target.sharedKey, now);
}

export interface SignUpInput {
  readonly firstName: string;
  readonly email: string;
  readonly _redirectTo: string;
}

/** The same person signing up twice for one target gets the same user id (and so continues). */
function signUpUserId(salt: string, targetId: string, email: string): string {
  return `P-${sha256Hex(`${salt}:${targetId}:${email}`).slice(0, 12).toUpperCase()}`;
}

export function isLiveKey(key: { expires_at: string; revoked_at: string | null } | undefined, now: Date): boolean {
  return key !== undefined && key.revoked_at === null && new Date(key.expires_at) > now;
}

/**
 * Mails the personal link. `find` is asked after the origin is checked; no target, or one that
 * takes no sign-ups now, answers `refusal`.
 */
export async function signUp(deps: SignUpDeps, find: () => Promise<SignUpTarget | undefined>, refusal: ErrorInfo, input: SignUpInput, request: FastifyRequest): Promise<{ _status: 'sent' }> {
  const origin = checkRedirectTo(input._redirectTo, deps.config.publicDomain);
  const email = normaliseEmail(input.email);
  const target = await find();
  const now = deps.now();
  if (!target?.sharedKey || !takesSignUps(target, now)) throw new AppError(refusal);
  const { source } = target;
  const expiresAt = new Date(target.sharedKey.expires_at);
  await deps.limiter.hit([
    { key: `mail:email:${email}`, limit: LIMITS.mailPerEmail },
    { key: `mail:address:${request.ip}`, limit: LIMITS.mailPerAddress },
  ]);
  const userId = signUpUserId(`${target.namespace}-sign-up`, source.id, email);
  const key = await deps.db.transaction().execute(async (trx) => {
    const made = await insertSessionKey(trx, { label: `${NAMESPACES[target.namespace]} sign-up: ${source.title}`, expiresAt, maxUses: 1, createdBy: null }, now);
    await target.record(trx, made.row.id, userId, now.toISOString());
    return made.key;
  });
  const link = target.link(origin, key, userId);
  await deps.mailer.send(renderSignUpMail(mailLanguage(request.headers['accept-language']), email, { name: input.firstName, title: source.title, link, userId }));
  return { _status: 'sent' };
}

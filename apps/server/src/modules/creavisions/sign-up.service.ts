/**
 * Sign-up for an event by e-mail (the `signUp` modal with `event=<name>`, ADR 030), as for CCF
 * sessions (ADR 021): a personal key for the visitor's own user id is mailed; the answer is the
 * same whatever the address; the e-mail is never stored; the mail counts against the same buckets.
 */
import type { FastifyRequest } from 'fastify';
import type { creavisions } from '@chi/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { mailLanguage } from '../../mail/language';
import type { Mailer } from '../../mail/mailer';
import { LIMITS } from '../../security/rate-limiter';
import type { RateLimiter } from '../../security/rate-limiter';
import { sha256Hex } from '../../security/secrets';
import { normaliseEmail } from '../account/account.repo';
import { checkRedirectTo } from '../account/redirect';
import { renderSignUpMail } from '../ccf/ccf-mail';
import { insertSessionKey } from '../session/session-key.repo';
import { findEventByName, sharedKeyOf } from './creavisions.repo';
import type { Db } from './creavisions.repo';
import { CV_ERRORS } from './creavisions-errors';

export interface SignUpDeps {
  readonly db: Db;
  readonly config: Config;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  readonly now: () => Date;
}

export function eventUserId(eventId: string, email: string): string {
  return `P-${sha256Hex(`cv-sign-up:${eventId}:${email}`).slice(0, 12).toUpperCase()}`;
}

/** The participant page of the event with the Begin Session modal filled in. */
export function eventSessionLink(origin: string, eventName: string, key: string, userId: string): string {
  const query = new URLSearchParams({ modal: 'userSession', sessionKey: key, userId });
  return `${origin}/event/${encodeURIComponent(eventName)}?${query.toString()}`;
}

export async function signUp(deps: SignUpDeps, input: z.output<typeof creavisions.signUp.input>, request: FastifyRequest): Promise<{ _status: 'sent' }> {
  const origin = checkRedirectTo(input._redirectTo, deps.config.publicDomain);
  const email = normaliseEmail(input.email);
  const event = await findEventByName(deps.db, input.eventName);
  if (!event || event.sign_up_open !== 1 || event.status === 'closed') throw new AppError(CV_ERRORS.noSignUp);
  const shared = await sharedKeyOf(deps.db, event.id);
  const now = deps.now();
  if (!shared || shared.revoked_at !== null || new Date(shared.expires_at) <= now) throw new AppError(CV_ERRORS.noSignUp);
  await deps.limiter.hit([
    { key: `mail:email:${email}`, limit: LIMITS.mailPerEmail },
    { key: `mail:address:${request.ip}`, limit: LIMITS.mailPerAddress },
  ]);
  const userId = eventUserId(event.id, email);
  const key = await deps.db.transaction().execute(async (trx) => {
    const made = await insertSessionKey(trx, { label: `Creative visions sign-up: ${event.title}`, expiresAt: new Date(shared.expires_at), maxUses: 1, createdBy: null }, now);
    await trx.insertInto('cv_event_keys').values({ session_key_id: made.row.id, event_id: event.id, kind: 'personal', user_id: userId }).execute();
    return made.key;
  });
  const link = eventSessionLink(origin, event.name, key, userId);
  await deps.mailer.send(renderSignUpMail(mailLanguage(request.headers['accept-language']), email, { name: input.firstName, title: event.title, link, userId }));
  return { _status: 'sent' };
}

/**
 * Sign-up for a CCF session by e-mail (issue 15, the `signUp` modal). The visitor gets a
 * personal session key for their own user id by mail. The answer is the same whatever the
 * address, the e-mail is never stored (only the consent time), and the mail counts against
 * the same per-address and per-e-mail buckets as every other mail.
 */
import type { FastifyRequest } from 'fastify';
import type { ccf } from '@chi/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { mailLanguage } from '../../mail/language';
import type { Mailer } from '../../mail/mailer';
import { LIMITS } from '../../security/rate-limiter';
import type { RateLimiter } from '../../security/rate-limiter';
import { newId, sha256Hex } from '../../security/secrets';
import { normaliseEmail } from '../account/account.repo';
import { checkRedirectTo } from '../account/redirect';
import { insertSessionKey } from '../session/session-key.repo';
import { findSession, sharedKeyOf } from './ccf.repo';
import type { Db } from './ccf.repo';
import { CCF_ERRORS } from './ccf-errors';
import { renderSignUpMail } from './ccf-mail';

export interface SignUpDeps {
  readonly db: Db;
  readonly config: Config;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  readonly now: () => Date;
}

/** The same person signing up twice for one session gets the same user id (and so continues). */
export function signUpUserId(sessionId: string, email: string): string {
  return `P-${sha256Hex(`ccf-sign-up:${sessionId}:${email}`).slice(0, 12).toUpperCase()}`;
}

export function beginSessionLink(origin: string, key: string, userId: string, userIdLabel: string): string {
  const query = new URLSearchParams({ modal: 'userSession', sessionKey: key, userId });
  if (userIdLabel) query.set('userIdLabel', userIdLabel);
  return `${origin}/?${query.toString()}`;
}

export async function signUp(deps: SignUpDeps, input: z.output<typeof ccf.signUp.input>, request: FastifyRequest): Promise<{ _status: 'sent' }> {
  const origin = checkRedirectTo(input._redirectTo, deps.config.publicDomain);
  const email = normaliseEmail(input.email);
  const session = await findSession(deps.db, input.sessionId);
  if (!session || session.sign_up_open !== 1 || session.status === 'closed') throw new AppError(CCF_ERRORS.noSignUp);
  const shared = await sharedKeyOf(deps.db, session.id);
  const now = deps.now();
  if (!shared || shared.revoked_at !== null || new Date(shared.expires_at) <= now) throw new AppError(CCF_ERRORS.noSignUp);
  await deps.limiter.hit([
    { key: `mail:email:${email}`, limit: LIMITS.mailPerEmail },
    { key: `mail:address:${request.ip}`, limit: LIMITS.mailPerAddress },
  ]);

  const userId = signUpUserId(session.id, email);
  const at = now.toISOString();
  const key = await deps.db.transaction().execute(async (trx) => {
    const made = await insertSessionKey(trx, { label: `CCF sign-up: ${session.title}`, expiresAt: new Date(shared.expires_at), maxUses: 1, createdBy: null }, now);
    await trx.insertInto('ccf_session_keys').values({ session_key_id: made.row.id, session_id: session.id, kind: 'personal', user_id: userId }).execute();
    await trx
      .insertInto('ccf_participants')
      .values({ id: newId(), session_id: session.id, user_id: userId, signed_up: 1, consented_at: at, created_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(['session_id', 'user_id']).doUpdateSet({ signed_up: 1, consented_at: at }))
      .execute();
    return made.key;
  });
  const link = beginSessionLink(origin, key, userId, session.user_id_label);
  await deps.mailer.send(renderSignUpMail(mailLanguage(request.headers['accept-language']), email, { name: input.firstName, title: session.title, link, userId }));
  return { _status: 'sent' };
}

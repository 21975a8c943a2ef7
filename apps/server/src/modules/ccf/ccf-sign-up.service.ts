/**
 * Sign-up for a CCF session by e-mail (issue 15, the `signUp` modal), through the shared sign-up
 * service (ADR 034). Besides the personal key, the session keeps the participant with the
 * time of their consent (never the e-mail).
 */
import type { FastifyRequest } from 'fastify';
import type { ccf } from '@chi/contract';
import type { z } from 'zod';
import { newId } from '../../security/secrets';
import { signUp } from '../keyed-session/sign-up.service';
import type { SignUpDeps, SignUpTarget } from '../keyed-session/sign-up.service';
import { findSession, sharedKeyOf } from './ccf.repo';
import { CCF_ERRORS } from './ccf-errors';

export function beginSessionLink(origin: string, key: string, userId: string, userIdLabel: string): string {
  const query = new URLSearchParams({ modal: 'userSession', sessionKey: key, userId });
  if (userIdLabel) query.set('userIdLabel', userIdLabel);
  return `${origin}/?${query.toString()}`;
}

async function sessionTarget(db: SignUpDeps['db'], sessionId: string): Promise<SignUpTarget | undefined> {
  const session = await findSession(db, sessionId);
  if (!session) return undefined;
  return {
    namespace: 'ccf',
    source: session,
    sharedKey: await sharedKeyOf(db, session.id),
    link: (origin, key, userId) => beginSessionLink(origin, key, userId, session.user_id_label),
    record: async (trx, sessionKeyId, userId, at) => {
      await trx.insertInto('ccf_session_keys').values({ session_key_id: sessionKeyId, session_id: session.id, kind: 'personal', user_id: userId }).execute();
      await trx
        .insertInto('ccf_participants')
        .values({ id: newId(), session_id: session.id, user_id: userId, signed_up: 1, consented_at: at, created_at: at, last_seen_at: at, secret_hash: null })
        .onConflict((oc) => oc.columns(['session_id', 'user_id']).doUpdateSet({ signed_up: 1, consented_at: at }))
        .execute();
    },
  };
}

export function signUpForSession(deps: SignUpDeps, input: z.output<typeof ccf.signUp.input>, request: FastifyRequest): Promise<{ _status: 'sent' }> {
  return signUp(deps, () => sessionTarget(deps.db, input.sessionId), CCF_ERRORS.noSignUp, input, request);
}

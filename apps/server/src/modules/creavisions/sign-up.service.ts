/**
 * Sign-up for an event by e-mail (the `signUp` modal with `event=<name>`, ADR 030), through the
 * shared sign-up service (ADR 034): a personal key for the visitor's own user id is mailed,
 * linking to the event's page with the Begin Session modal filled in.
 */
import type { FastifyRequest } from 'fastify';
import type { creavisions } from '@chi/contract';
import type { z } from 'zod';
import { signUp } from '../keyed-session/sign-up.service';
import type { SignUpDeps, SignUpTarget } from '../keyed-session/sign-up.service';
import { findEventByName, sharedKeyOf } from './creavisions.repo';
import type { Db, EventRow } from './creavisions.repo';
import { CV_ERRORS } from './creavisions-errors';

/** The participant page of the event with the Begin Session modal filled in. */
export function eventSessionLink(origin: string, eventName: string, key: string, userId: string): string {
  const query = new URLSearchParams({ modal: 'userSession', sessionKey: key, userId });
  return `${origin}/event/${encodeURIComponent(eventName)}?${query.toString()}`;
}

export async function eventTarget(db: Db, event: EventRow): Promise<SignUpTarget> {
  return {
    namespace: 'cv',
    source: event,
    sharedKey: await sharedKeyOf(db, event.id),
    link: (origin, key, userId) => eventSessionLink(origin, event.name, key, userId),
    record: async (trx, sessionKeyId, userId) => {
      await trx.insertInto('cv_event_keys').values({ session_key_id: sessionKeyId, event_id: event.id, kind: 'personal', user_id: userId }).execute();
    },
  };
}

export function signUpForEvent(deps: SignUpDeps, input: z.output<typeof creavisions.signUp.input>, request: FastifyRequest): Promise<{ _status: 'sent' }> {
  return signUp(
    deps,
    async () => {
      const event = await findEventByName(deps.db, input.eventName);
      return event ? eventTarget(deps.db, event) : undefined;
    },
    CV_ERRORS.noSignUp,
    input,
    request,
  );
}

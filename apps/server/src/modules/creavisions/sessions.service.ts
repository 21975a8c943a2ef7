/**
 * Sittings (ADR 030): `CVSession create(eventName)` begins one with a session key and a user id
 * (a key's use is counted once per new user id) or with an account. It answers a secret token,
 * stored only as sha256, that every later participant call carries with the sitting's id.
 */
import { timingSafeEqual } from 'node:crypto';
import type { creavisions } from '@chi/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { RequestUser } from '../../http/request-user';
import { newId, randomSecret, sha256Hex } from '../../security/secrets';
import { SESSION_KEY_ERROR } from '../keyed-session/keyed-session-errors';
import { takeKeyUse } from '../keyed-session/session-key.repo';
import { findEventByName, matchEventKey, presentEntry } from './creavisions.repo';
import type { Db, EventRow, SittingRow } from './creavisions.repo';
import { canFacilitate, canJoinWithAccount } from './creavisions.policy';
import { CV_ERRORS } from './creavisions-errors';

type CreateInput = z.output<typeof creavisions.createSession.input>;

export async function eventNamed(db: Db, name: string): Promise<EventRow> {
  const row = await findEventByName(db, name);
  if (!row) throw new AppError(CV_ERRORS.noEvent);
  return row;
}

function presentSitting(event: EventRow, sitting: SittingRow) {
  return {
    _id: sitting.id,
    participant: sitting.participant,
    event: { name: event.name, title: event.title, description: event.description, status: event.status },
  };
}

function guestUser(sittingId: string, userId: string) {
  return { _id: sittingId, _email: '', _firstName: '', _lastName: '', name: userId, title: '', '©isDevOp': false, '©isAppAdmin': false, isGuest: true };
}

export async function createSession(db: Db, user: RequestUser | null, input: CreateInput, now: Date) {
  const event = await eventNamed(db, input.eventName);
  if (event.status === 'closed') throw new AppError(CV_ERRORS.closed);
  let participant: string;
  let via: SittingRow['via'];
  let accountId: string | null = null;
  if (input.sessionKey !== undefined && input.userId !== undefined) {
    const match = await matchEventKey(db, event.id, input.sessionKey, now);
    if (!match) throw new AppError(SESSION_KEY_ERROR);
    if (match.userId !== null && match.userId !== input.userId) throw new AppError(CV_ERRORS.personalKey);
    participant = input.userId;
    via = match.kind === 'personal' ? 'signUp' : 'key';
    const before = await db.selectFrom('cv_sessions').select('id').where('event_id', '=', event.id).where('participant', '=', participant).executeTakeFirst();
    // A key's uses count people, not sittings: coming back costs nothing.
    if (!before && !(await takeKeyUse(db, match.sessionKeyId))) throw new AppError(SESSION_KEY_ERROR);
  } else {
    if (!user || !canJoinWithAccount(user)) throw new AppError(CV_ERRORS.needsJoin);
    accountId = user.id;
    participant = `account:${user.id}`;
    via = 'account';
  }
  const token = randomSecret();
  const at = now.toISOString();
  const sitting: SittingRow = { id: newId(), event_id: event.id, participant, account_id: accountId, via, token_hash: sha256Hex(token), created_at: at, last_seen_at: at };
  await db.insertInto('cv_sessions').values(sitting).execute();
  return {
    Error: null,
    User: via === 'account' ? null : guestUser(sitting.id, participant),
    _sessionKey: sitting.id,
    session: { ...presentSitting(event, sitting), token },
  };
}

function sameSecret(token: string, hash: string): boolean {
  const a = Buffer.from(sha256Hex(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The sitting behind an id and token, of this event (403 otherwise, never which part was wrong). */
export async function sittingOf(db: Db, event: EventRow, sessionId: string, token: string, now: Date): Promise<SittingRow> {
  const sitting = await db.selectFrom('cv_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  if (!sitting || sitting.event_id !== event.id || !sameSecret(token, sitting.token_hash)) throw new AppError(CV_ERRORS.sitting);
  // Seen-times to the minute: a busy sitting does not write its row on every step.
  if (now.getTime() - new Date(sitting.last_seen_at).getTime() > 60_000) {
    await db.updateTable('cv_sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', sitting.id).execute();
  }
  return sitting;
}

export async function resumeSession(db: Db, input: z.output<typeof creavisions.resumeSession.input>, now: Date) {
  const event = await eventNamed(db, input.eventName);
  const sitting = await sittingOf(db, event, input.sessionId, input.sessionToken, now);
  const entries = await db.selectFrom('cv_entries').selectAll().where('event_id', '=', event.id).where('participant', '=', sitting.participant).orderBy('created_at').orderBy('id').execute();
  return { session: presentSitting(event, sitting), entries: entries.map(presentEntry) };
}

/** Gallery and search readers: a participant's sitting of the event, or its facilitator. */
export async function readerOf(db: Db, user: RequestUser | null, eventName: string, sitting: { sessionId?: string | undefined; sessionToken?: string | undefined }, now: Date): Promise<EventRow> {
  const event = await eventNamed(db, eventName);
  if (sitting.sessionId !== undefined && sitting.sessionToken !== undefined) {
    await sittingOf(db, event, sitting.sessionId, sitting.sessionToken, now);
    return event;
  }
  if (canFacilitate(user, event)) return event;
  throw new AppError(CV_ERRORS.needsJoin);
}

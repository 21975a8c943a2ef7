/** What staff and facilitators do with events (ADR 030, 034): create, list, read, close and reopen, the timeline, export. */
import { ERRORS } from '@chi/contract';
import type { creavisions } from '@chi/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../../http/app-error';
import type { RequestUser } from '../../http/request-user';
import { newId } from '../../security/secrets';
import { insertSessionKey } from '../keyed-session/session-key.repo';
import { findEventById, findEventByName, presentEntry, presentEvent } from './creavisions.repo';
import type { Db, EventRow } from './creavisions.repo';
import { canCreateEvent, canFacilitate } from './creavisions.policy';
import { takesSignUps } from '../keyed-session/sign-up.service';
import { CV_ERRORS } from './creavisions-errors';
import { eventNamed } from './sessions.service';
import { eventTarget } from './sign-up.service';

/** The event, if the caller facilitates it: 401 anonymous, 404 unknown, 403 not theirs. */
export async function facilitatedEvent(db: Db, user: RequestUser | null, id: string | undefined): Promise<EventRow> {
  if (!user) throw new AppError(ERRORS.unauthorized);
  const row = id === undefined ? undefined : await findEventById(db, id);
  if (!row) throw new AppError(CV_ERRORS.noEvent);
  if (!canFacilitate(user, row)) throw new AppError(ERRORS.forbidden);
  return row;
}

export async function createEvent(db: Db, user: RequestUser | null, input: z.output<typeof creavisions.createEvent.input>, now: Date) {
  if (!canCreateEvent(user)) throw new AppError(ERRORS.forbidden);
  const expiresAt = new Date(input.expiresAt);
  if (expiresAt <= now) throw validationError('expiresAt: must be in the future');
  if (await findEventByName(db, input.name)) throw new AppError(CV_ERRORS.nameTaken);
  const id = newId();
  const ownerId = user?.id ?? null;
  let key: string;
  try {
    key = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('cv_events')
        .values({ id, name: input.name, title: input.title, description: input.description, owner_id: ownerId, status: 'open', sign_up_open: input.signUpOpen ? 1 : 0, created_at: now.toISOString(), closed_at: null })
        .execute();
      const made = await insertSessionKey(trx, { label: `Creative visions: ${input.title}`, expiresAt, maxUses: input.maxUses ?? null, createdBy: ownerId }, now);
      await trx.insertInto('cv_event_keys').values({ session_key_id: made.row.id, event_id: id, kind: 'shared', user_id: null }).execute();
      return made.key;
    });
  } catch (error) {
    // Two creations of one name racing: the unique index decided.
    if (await findEventByName(db, input.name)) throw new AppError(CV_ERRORS.nameTaken);
    throw error;
  }
  const row = await findEventById(db, id);
  if (!row) throw new Error('the event was not stored');
  return { key, event: await presentEvent(db, row) };
}

export async function listEvents(db: Db, user: RequestUser | null) {
  if (!user || user.isGuest === true) throw new AppError(ERRORS.forbidden);
  const rows = await db.selectFrom('cv_events').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  const mine = rows.filter((row) => canFacilitate(user, row));
  return { events: await Promise.all(mine.map((row) => presentEvent(db, row))) };
}

export async function eventDetails(db: Db, row: EventRow) {
  const [event, sittings, steps, entries] = await Promise.all([
    presentEvent(db, row),
    db.selectFrom('cv_sessions').selectAll().where('event_id', '=', row.id).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('cv_log')
      .select(['session_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('event_id', '=', row.id)
      .groupBy('session_id')
      .execute(),
    db.selectFrom('cv_entries').selectAll().where('event_id', '=', row.id).orderBy('created_at').orderBy('id').execute(),
  ]);
  const stepsOf = new Map(steps.map((s) => [s.session_id, Number(s.n)]));
  return {
    event,
    sessions: sittings.map((s) => ({ _id: s.id, participant: s.participant, via: s.via, createdAt: s.created_at, lastSeenAt: s.last_seen_at, steps: stepsOf.get(s.id) ?? 0 })),
    entries: entries.map((e) => ({ ...presentEntry(e), participant: e.participant, sessionId: e.session_id, createdAt: e.created_at })),
  };
}

type LogRow = { id: string; session_id: string; participant: string; kind: string; entry_id: string | null; data: string; client_at: string; received_at: string };

export function presentLog(row: LogRow): creavisions.LogRecord {
  return {
    _id: row.id,
    sessionId: row.session_id,
    participant: row.participant,
    kind: row.kind as creavisions.LogKind,
    entryId: row.entry_id,
    data: JSON.parse(row.data) as Record<string, string>,
    clientAt: row.client_at,
    receivedAt: row.received_at,
  };
}

export function logQuery(db: Db, eventId: string) {
  return db.selectFrom('cv_log').selectAll().where('event_id', '=', eventId).orderBy('received_at').orderBy('id');
}

export async function eventLog(db: Db, row: EventRow, input: { offset: number; limit: number }) {
  const [records, total] = await Promise.all([
    logQuery(db, row.id).limit(input.limit).offset(input.offset).execute(),
    db.selectFrom('cv_log').select((eb) => eb.fn.countAll<number | string>().as('n')).where('event_id', '=', row.id).executeTakeFirst(),
  ]);
  return { records: records.map(presentLog), total: Number(total?.n ?? 0) };
}

/**
 * Close or reopen (ADR 034). Closed: no new sitting, no writing step, no sign-up; the gallery,
 * search and the facilitator's views stay. Reopening keeps the key and the sittings as they were.
 * Setting the status it has already changes nothing (the first close time is kept).
 */
export async function setEventStatus(db: Db, row: EventRow, status: EventRow['status'], now: Date) {
  if (row.status !== status) {
    await db
      .updateTable('cv_events')
      .set({ status, closed_at: status === 'closed' ? now.toISOString() : null })
      .where('id', '=', row.id)
      .execute();
  }
  const updated = await findEventById(db, row.id);
  if (!updated) throw new AppError(CV_ERRORS.noEvent);
  return presentEvent(db, updated);
}

/** The join page's view of an event, for anyone: whether it is open and takes sign-ups now. */
export async function aboutEvent(db: Db, name: string, now: Date) {
  const row = await eventNamed(db, name);
  return { name: row.name, title: row.title, description: row.description, status: row.status, signUp: takesSignUps(await eventTarget(db, row), now) };
}

/** What a researcher does with CCF sessions (issue 15): create, list, read results, close, export. */
import type { ccf } from '@chi/contract';
import { ERRORS, PERMISSION_LEVELS, derivePermissionLevel } from '@chi/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../../http/app-error';
import type { RequestUser } from '../../http/request-user';
import { newId } from '../../security/secrets';
import { insertSessionKey } from '../keyed-session/session-key.repo';
import { fieldsOf, findSession, presentSession } from './ccf.repo';
import type { Db, SessionRow } from './ccf.repo';
import { CCF_ERRORS } from './ccf-errors';

/** manageApp and devOp manage every session; a session's owner manages their own. Guests none. */
export function canManageSession(user: RequestUser | null, session: Pick<SessionRow, 'owner_id'>): boolean {
  if (!user || user.isGuest === true) return false;
  return derivePermissionLevel(user) >= PERMISSION_LEVELS.manageApp || session.owner_id === user.id;
}

/** The session, if the caller may manage it: 404 when it does not exist, 403 when it is not theirs. */
export async function managedSession(db: Db, user: RequestUser | null, id: string | undefined): Promise<SessionRow> {
  if (!user) throw new AppError(ERRORS.unauthorized);
  const row = id === undefined ? undefined : await findSession(db, id);
  if (!row) throw new AppError(CCF_ERRORS.notFound);
  if (!canManageSession(user, row)) throw new AppError(ERRORS.forbidden);
  return row;
}

export async function createSession(db: Db, user: RequestUser | null, input: z.output<typeof ccf.createSession.input>, now: Date) {
  const expiresAt = new Date(input.expiresAt);
  if (expiresAt <= now) throw validationError('expiresAt: must be in the future');
  const ownerId = user && user.isGuest !== true ? user.id : null;
  const sessionId = newId();
  const at = now.toISOString();
  const { key } = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('ccf_sessions')
      .values({
        id: sessionId,
        title: input.title,
        user_id_label: input.userIdLabel,
        owner_id: ownerId,
        status: 'open',
        sign_up_open: input.signUpOpen ? 1 : 0,
        created_at: at,
        closed_at: null,
      })
      .execute();
    await trx
      .insertInto('ccf_fields')
      .values(input.fields.map((field, position) => ({ id: newId(), session_id: sessionId, position, prompt: field.prompt, type: field.type, options: JSON.stringify(field.options) })))
      .execute();
    const made = await insertSessionKey(trx, { label: `CCF: ${input.title}`, expiresAt, maxUses: input.maxUses ?? null, createdBy: ownerId }, now);
    await trx.insertInto('ccf_session_keys').values({ session_key_id: made.row.id, session_id: sessionId, kind: 'shared', user_id: null }).execute();
    return made;
  });
  const row = await findSession(db, sessionId);
  if (!row) throw new Error('the CCF session was not stored');
  return { key, session: await presentSession(db, row) };
}

export async function listSessions(db: Db, user: RequestUser | null) {
  if (!user || user.isGuest === true) throw new AppError(ERRORS.forbidden);
  let query = db.selectFrom('ccf_sessions').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (derivePermissionLevel(user) < PERMISSION_LEVELS.manageApp) query = query.where('owner_id', '=', user.id);
  const rows = await query.execute();
  return { sessions: await Promise.all(rows.map((row) => presentSession(db, row))) };
}

export async function sessionResults(db: Db, row: SessionRow) {
  const [session, participants, answers, fields] = await Promise.all([
    presentSession(db, row),
    db.selectFrom('ccf_participants').selectAll().where('session_id', '=', row.id).orderBy('created_at').orderBy('user_id').execute(),
    db
      .selectFrom('ccf_answers')
      .innerJoin('ccf_participants', 'ccf_participants.id', 'ccf_answers.participant_id')
      .select(['ccf_answers.id', 'ccf_participants.user_id', 'ccf_answers.field_id', 'ccf_answers.version', 'ccf_answers.value', 'ccf_answers.submitted_at'])
      .where('ccf_participants.session_id', '=', row.id)
      .orderBy('ccf_answers.submitted_at')
      .orderBy('ccf_answers.id')
      .execute(),
    fieldsOf(db, row.id),
  ]);
  const answeredFields = new Map<string, Set<string>>();
  for (const answer of answers) {
    const set = answeredFields.get(answer.user_id) ?? new Set<string>();
    set.add(answer.field_id);
    answeredFields.set(answer.user_id, set);
  }
  return {
    session,
    participants: participants.map((p) => ({
      userId: p.user_id,
      firstSeenAt: p.created_at,
      lastSeenAt: p.last_seen_at,
      answered: answeredFields.get(p.user_id)?.size ?? 0,
      total: fields.length,
      signedUp: p.signed_up === 1,
    })),
    answers: answers.map((a) => ({
      _id: a.id,
      userId: a.user_id,
      fieldId: a.field_id,
      version: a.version,
      value: JSON.parse(a.value) as ccf.AnswerValue,
      submittedAt: a.submitted_at,
    })),
  };
}

/** Closing refuses new participants and every answer; participants can still see what they gave. */
export async function closeSession(db: Db, row: SessionRow, now: Date) {
  if (row.status !== 'closed') {
    await db.updateTable('ccf_sessions').set({ status: 'closed', closed_at: now.toISOString() }).where('id', '=', row.id).execute();
  }
  const updated = await findSession(db, row.id);
  if (!updated) throw new AppError(CCF_ERRORS.notFound);
  return presentSession(db, updated);
}

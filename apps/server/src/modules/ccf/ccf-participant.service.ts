/**
 * What a participant does (issue 15): begin or continue a session with a key and a user id,
 * open fields, and submit answers. Every call carries the key and the user id, and the browser
 * that began the user id also holds its secret cookie (issue 24 item 3, ccf-participant-secret.ts).
 * A key's use is counted once per new user id; coming back with the same id costs nothing.
 */
import { ccf } from '@chi/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../../http/app-error';
import { newId } from '../../security/secrets';
import { SESSION_KEY_ERROR } from '../keyed-session/keyed-session-errors';
import { fieldsOf, findParticipant, findSession, matchKey, progressOf, toField } from './ccf.repo';
import { takeKeyUse } from '../keyed-session/session-key.repo';
import type { Db } from './ccf.repo';
import { CCF_ERRORS } from './ccf-errors';
import { newSecret, proveHolder } from './ccf-participant-secret';
import type { SecretJar } from './ccf-participant-secret';

type GetSessionOutput = z.input<typeof ccf.getSession.output>;

export interface Participation {
  readonly sessionId: string;
  readonly participantId: string;
}

/** The participant behind a key and user id, made on first sight (counting one use of the key). */
export async function participate(
  db: Db,
  key: string,
  userId: string,
  now: Date,
  options: { create: boolean; jar: SecretJar },
): Promise<Participation> {
  const match = await matchKey(db, key, now);
  if (!match) throw new AppError(SESSION_KEY_ERROR);
  if (match.userId !== null && match.userId !== userId) throw new AppError(CCF_ERRORS.personalKey);
  const personalKey = match.userId !== null;
  const existing = await findParticipant(db, match.sessionId, userId);
  const at = now.toISOString();
  if (existing) {
    await proveHolder(db, existing, personalKey, options.jar);
    await db.updateTable('ccf_participants').set({ last_seen_at: at }).where('id', '=', existing.id).execute();
    return { sessionId: match.sessionId, participantId: existing.id };
  }
  if (!options.create) throw new AppError(CCF_ERRORS.notBegun);
  const session = await findSession(db, match.sessionId);
  if (!session || session.status === 'closed') throw new AppError(CCF_ERRORS.closed);
  if (!(await takeKeyUse(db, match.sessionKeyId))) throw new AppError(SESSION_KEY_ERROR);
  const secret = newSecret(options.jar);
  await db
    .insertInto('ccf_participants')
    .values({ id: newId(), session_id: match.sessionId, user_id: userId, created_at: at, last_seen_at: at, secret_hash: secret.hash })
    .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
    .execute();
  // Two first visits racing: one row won; only the browser whose secret it holds continues.
  const row = await findParticipant(db, match.sessionId, userId);
  if (!row) throw new Error('the CCF participant was not stored');
  if (row.secret_hash === secret.hash) secret.give(row.id);
  else await proveHolder(db, row, personalKey, options.jar);
  return { sessionId: match.sessionId, participantId: row.id };
}

export async function getSession(db: Db, key: string, userId: string, now: Date, jar: SecretJar): Promise<GetSessionOutput> {
  const { sessionId, participantId } = await participate(db, key, userId, now, { create: true, jar });
  const session = await findSession(db, sessionId);
  if (!session) throw new AppError(SESSION_KEY_ERROR);
  const [fields, progress] = await Promise.all([fieldsOf(db, sessionId), progressOf(db, participantId)]);
  const withProgress = fields.map((row) => {
    const answer = progress.latest.get(row.id);
    return {
      ...toField(row),
      answer: answer ? (JSON.parse(answer.value) as ccf.AnswerValue) : null,
      version: answer?.version ?? 0,
      answeredAt: answer?.submitted_at ?? null,
      openedAt: progress.opened.get(row.id) ?? null,
    };
  });
  return {
    Error: null,
    User: {
      _id: participantId,
      _email: '',
      _firstName: '',
      _lastName: '',
      name: userId,
      title: '',
      '©isDevOp': false,
      '©isAppAdmin': false,
      isGuest: true,
    },
    _sessionKey: sessionId,
    session: { _id: session.id, title: session.title, userIdLabel: session.user_id_label, status: session.status, fields: withProgress },
    progress: { answered: withProgress.filter((f) => f.answer !== null).length, total: withProgress.length },
  };
}

async function fieldOfSession(db: Db, sessionId: string, fieldId: string) {
  const field = await db.selectFrom('ccf_fields').selectAll().where('id', '=', fieldId).where('session_id', '=', sessionId).executeTakeFirst();
  if (!field) throw validationError('fieldId: no such field in this session');
  return field;
}

/** A participant's field calls: who they are (key, user id, secret) and how often they may call. */
export interface FieldCallContext {
  readonly db: Db;
  readonly now: Date;
  readonly jar: SecretJar;
  /** Counts one call of this participant (throws 429 past the limit). */
  readonly countCall: (participantId: string) => Promise<void>;
}

async function fieldCaller(ctx: FieldCallContext, input: { sessionKey: string; userId: string }): Promise<Participation> {
  const participation = await participate(ctx.db, input.sessionKey, input.userId, ctx.now, { create: false, jar: ctx.jar });
  await ctx.countCall(participation.participantId);
  return participation;
}

export async function selectField(ctx: FieldCallContext, input: { sessionKey: string; userId: string; fieldId: string }) {
  const { db, now } = ctx;
  const { sessionId, participantId } = await fieldCaller(ctx, input);
  const field = await fieldOfSession(db, sessionId, input.fieldId);
  const at = now.toISOString();
  await db.insertInto('ccf_field_events').values({ id: newId(), participant_id: participantId, field_id: field.id, kind: 'select', at }).execute();
  return { fieldId: field.id, openedAt: at };
}

export async function submitField(ctx: FieldCallContext, input: { sessionKey: string; userId: string; fieldId: string; _id: string; value: ccf.AnswerValue }) {
  const { db, now } = ctx;
  const { sessionId, participantId } = await fieldCaller(ctx, input);
  const field = await fieldOfSession(db, sessionId, input.fieldId);

  // A retry of a stored answer answers the stored version, even after the session closed.
  const stored = await db.selectFrom('ccf_answers').selectAll().where('id', '=', input._id).executeTakeFirst();
  if (stored) {
    if (stored.participant_id !== participantId || stored.field_id !== field.id) throw validationError('_id: already used for another answer');
    return { _id: stored.id, fieldId: field.id, version: stored.version, submittedAt: stored.submitted_at, duplicate: true };
  }
  const session = await findSession(db, sessionId);
  if (!session || session.status === 'closed') throw new AppError(CCF_ERRORS.closed);
  const checked = ccf.checkAnswer(toField(field), input.value);
  if (!checked.ok) throw validationError(`value: ${checked.message}`);

  const at = now.toISOString();
  const store = () =>
    db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('ccf_answers')
        .select((eb) => eb.fn.max<number>('version').as('v'))
        .where('participant_id', '=', participantId)
        .where('field_id', '=', field.id)
        .executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      await trx
        .insertInto('ccf_answers')
        .values({ id: input._id, participant_id: participantId, field_id: field.id, version, value: JSON.stringify(checked.value), submitted_at: at })
        .execute();
      return { _id: input._id, fieldId: field.id, version, submittedAt: at, duplicate: false };
    });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await store();
    } catch (error) {
      // A unique key lost a race: the same _id sent twice at once (answer the stored one), or
      // another answer to this field took the version (try again with the next one).
      const raced = await db.selectFrom('ccf_answers').selectAll().where('id', '=', input._id).executeTakeFirst();
      if (raced) return { _id: raced.id, fieldId: field.id, version: raced.version, submittedAt: raced.submitted_at, duplicate: true };
      if (attempt >= 3) throw error;
    }
  }
}

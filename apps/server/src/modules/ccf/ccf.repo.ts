/** CCF queries (issue 15): sessions, their keys and fields, participants, field events and answers. */
import type { Kysely, Selectable } from 'kysely';
import type { ccf } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import type { SessionKeysTable } from '../keyed-session/keyed-session-tables';
import type { CcfFieldsTable, CcfSessionsTable } from './ccf-tables';
import { sha256Hex } from '../../security/secrets';

export type Db = Kysely<DatabaseSchema>;
export type SessionRow = Selectable<CcfSessionsTable>;
export type FieldRow = Selectable<CcfFieldsTable>;
type KeyRow = Selectable<SessionKeysTable>;

export function toField(row: FieldRow): ccf.CcfField {
  return { _id: row.id, position: row.position, prompt: row.prompt, type: row.type as ccf.FieldType, options: JSON.parse(row.options) as string[] };
}

export function fieldsOf(db: Db, sessionId: string): Promise<FieldRow[]> {
  return db.selectFrom('ccf_fields').selectAll().where('session_id', '=', sessionId).orderBy('position').execute();
}

export function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('ccf_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The shared key's record of a session (expiry, uses). */
export function sharedKeyOf(db: Db, sessionId: string): Promise<KeyRow | undefined> {
  return db
    .selectFrom('ccf_session_keys')
    .innerJoin('session_keys', 'session_keys.id', 'ccf_session_keys.session_key_id')
    .selectAll('session_keys')
    .where('ccf_session_keys.session_id', '=', sessionId)
    .where('ccf_session_keys.kind', '=', 'shared')
    .executeTakeFirst();
}

export async function presentSession(db: Db, row: SessionRow): Promise<ccf.CcfSession> {
  const [fields, key, count] = await Promise.all([
    fieldsOf(db, row.id),
    sharedKeyOf(db, row.id),
    db.selectFrom('ccf_participants').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', row.id).executeTakeFirst(),
  ]);
  if (!key) throw new Error(`CCF session ${row.id} has no shared key`);
  return {
    _id: row.id,
    title: row.title,
    userIdLabel: row.user_id_label,
    status: row.status,
    signUpOpen: row.sign_up_open === 1,
    fields: fields.map(toField),
    createdAt: row.created_at,
    closedAt: row.closed_at,
    sessionKeyId: key.id,
    expiresAt: key.expires_at,
    maxUses: key.max_uses,
    uses: key.uses,
    participants: Number(count?.n ?? 0),
  };
}

export interface KeyMatch {
  readonly sessionKeyId: string;
  readonly sessionId: string;
  readonly kind: 'shared' | 'personal';
  /** A personal key works only for its own user id. */
  readonly userId: string | null;
}

/** The CCF session a live (not revoked, not expired) key opens; uses are checked separately. */
export async function matchKey(db: Db, key: string, now: Date): Promise<KeyMatch | undefined> {
  const row = await db
    .selectFrom('session_keys')
    .innerJoin('ccf_session_keys', 'ccf_session_keys.session_key_id', 'session_keys.id')
    .select(['session_keys.id as sessionKeyId', 'ccf_session_keys.session_id as sessionId', 'ccf_session_keys.kind as kind', 'ccf_session_keys.user_id as userId'])
    .where('session_keys.key_hash', '=', sha256Hex(key))
    .where('session_keys.revoked_at', 'is', null)
    .where('session_keys.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row;
}

export function findParticipant(db: Db, sessionId: string, userId: string) {
  return db.selectFrom('ccf_participants').selectAll().where('session_id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
}

/** Per field: the latest answer version and the first time it was opened. */
export async function progressOf(db: Db, participantId: string) {
  const [answers, opened] = await Promise.all([
    db.selectFrom('ccf_answers').selectAll().where('participant_id', '=', participantId).orderBy('field_id').orderBy('version').execute(),
    db
      .selectFrom('ccf_field_events')
      .select(['field_id', (eb) => eb.fn.min<string>('at').as('first')])
      .where('participant_id', '=', participantId)
      .groupBy('field_id')
      .execute(),
  ]);
  const latest = new Map<string, (typeof answers)[number]>();
  for (const answer of answers) latest.set(answer.field_id, answer);
  return { latest, opened: new Map(opened.map((row) => [row.field_id, row.first])) };
}

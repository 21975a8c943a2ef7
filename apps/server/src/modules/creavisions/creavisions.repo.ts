/** Creative-visions queries (ADR 030): events and their keys, sittings, entries, the log. */
import type { Kysely, Selectable } from 'kysely';
import type { creavisions } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import { sha256Hex } from '../../security/secrets';
import type { CvEntriesTable, CvEventsTable, CvSessionsTable } from './creavisions-tables';

export type Db = Kysely<DatabaseSchema>;
export type EventRow = Selectable<CvEventsTable>;
export type SittingRow = Selectable<CvSessionsTable>;
export type EntryRow = Selectable<CvEntriesTable>;

/** The event's published entries live in the one retrieval index under this store id. */
export function indexStoreId(eventId: string): string {
  return `creavisions:${eventId}`;
}

export function findEventByName(db: Db, name: string): Promise<EventRow | undefined> {
  return db.selectFrom('cv_events').selectAll().where('name', '=', name).executeTakeFirst();
}

export function findEventById(db: Db, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('cv_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export function sharedKeyOf(db: Db, eventId: string) {
  return db
    .selectFrom('cv_event_keys')
    .innerJoin('session_keys', 'session_keys.id', 'cv_event_keys.session_key_id')
    .selectAll('session_keys')
    .where('cv_event_keys.event_id', '=', eventId)
    .where('cv_event_keys.kind', '=', 'shared')
    .executeTakeFirst();
}

async function countOf(db: Db, table: 'cv_sessions' | 'cv_entries', eventId: string, publishedOnly = false): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('event_id', '=', eventId);
  if (publishedOnly) query = query.where('published', '=', 1);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

export async function presentEvent(db: Db, row: EventRow): Promise<creavisions.CvEvent> {
  const [key, sessions, published] = await Promise.all([sharedKeyOf(db, row.id), countOf(db, 'cv_sessions', row.id), countOf(db, 'cv_entries', row.id, true)]);
  if (!key) throw new Error(`event ${row.id} has no shared key`);
  return {
    _id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    status: row.status,
    signUpOpen: row.sign_up_open === 1,
    createdAt: row.created_at,
    expiresAt: key.expires_at,
    maxUses: key.max_uses,
    uses: key.uses,
    sessions,
    published,
  };
}

/** The event a live key opens (not revoked, not expired), with the key's kind and owner id. */
export function matchEventKey(db: Db, eventId: string, key: string, now: Date) {
  return db
    .selectFrom('session_keys')
    .innerJoin('cv_event_keys', 'cv_event_keys.session_key_id', 'session_keys.id')
    .select(['session_keys.id as sessionKeyId', 'cv_event_keys.kind as kind', 'cv_event_keys.user_id as userId'])
    .where('session_keys.key_hash', '=', sha256Hex(key))
    .where('cv_event_keys.event_id', '=', eventId)
    .where('session_keys.revoked_at', 'is', null)
    .where('session_keys.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export function presentEntry(row: EntryRow): creavisions.CvEntry {
  return {
    _id: row.id,
    title: row.title,
    text: row.text,
    imageUrl: row.image_url,
    published: row.published === 1,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  };
}

export function presentGalleryEntry(row: EntryRow): creavisions.GalleryEntry {
  return { _id: row.id, title: row.title, text: row.text, imageUrl: row.image_url, publishedAt: row.published_at, updatedAt: row.updated_at };
}

/**
 * `POST {eventName}/logEntry` (ADR 030): one step of a sitting, stored once by the client's
 * `_id`. A retry of a stored step answers `duplicate: true` (even after the event closed) and
 * changes nothing. A closed event takes only reading steps (gallery, search, view). Steps that change a vision (draft, image, publish, unpublish) are applied to
 * its entry, and to the retrieval index when it is published, in the same transaction as the
 * log row, so the log and the entry can never disagree.
 */
import { creavisions } from '@chi/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../../http/app-error';
import { indexStoreId } from './creavisions.repo';
import type { Db, EntryRow, EventRow, SittingRow } from './creavisions.repo';
import { CV_ERRORS } from './creavisions-errors';
import { eventNamed, sittingOf } from './sessions.service';
import { searchColumns } from '../retrieval/language';

type LogInput = z.output<typeof creavisions.logEntry.input>;

/** The index keeps one row per published entry: its title as the heading, its text as the text. */
async function reindex(trx: Db, event: EventRow, entry: EntryRow): Promise<void> {
  const store = indexStoreId(event.id);
  await trx.deleteFrom('assistant_chunks').where('vector_store_id', '=', store).where('file_id', '=', entry.id).execute();
  if (entry.published !== 1 || entry.text === '') return;
  await trx
    .insertInto('assistant_chunks')
    .values({ vector_store_id: store, file_id: entry.id, version_id: entry.id, chunk_index: 0, heading: entry.title || null, text: entry.text, page: null, start_offset: 0, end_offset: entry.text.length, ...searchColumns(entry.title || null, entry.text) })
    .execute();
}

async function applyToEntry(trx: Db, event: EventRow, sitting: SittingRow, input: LogInput, at: string): Promise<void> {
  const entryId = input.entryId;
  if (entryId === undefined) return;
  let entry = await trx.selectFrom('cv_entries').selectAll().where('id', '=', entryId).executeTakeFirst();
  if (entry && (entry.event_id !== event.id || entry.participant !== sitting.participant)) throw validationError('entryId: belongs to another participant');
  if (!entry) {
    if (input.kind !== 'draft' && input.kind !== 'image') throw validationError('entryId: no such entry; write it first');
    entry = { id: entryId, event_id: event.id, participant: sitting.participant, session_id: sitting.id, title: '', text: '', image_url: '', published: 0, published_at: null, created_at: at, updated_at: at };
    await trx.insertInto('cv_entries').values(entry).execute();
  }
  const next: EntryRow = { ...entry, updated_at: at };
  if (input.kind === 'draft') {
    next.text = input.data.text ?? '';
    if (input.data.title !== undefined) next.title = input.data.title;
    if (input.data.imageUrl !== undefined) next.image_url = input.data.imageUrl;
  } else if (input.kind === 'image') {
    next.image_url = input.data.imageUrl ?? '';
  } else if (input.kind === 'publish') {
    if (next.text === '') throw validationError('text: write your vision before publishing it');
    next.published = 1;
    next.published_at = entry.published === 1 ? entry.published_at : at;
  } else if (input.kind === 'unpublish') {
    next.published = 0;
    next.published_at = null;
  }
  await trx
    .updateTable('cv_entries')
    .set({ title: next.title, text: next.text, image_url: next.image_url, published: next.published, published_at: next.published_at, updated_at: at })
    .where('id', '=', entryId)
    .execute();
  await reindex(trx, event, next);
}

async function stored(db: Db, id: string, sitting: SittingRow) {
  const row = await db.selectFrom('cv_log').select(['id', 'session_id', 'received_at']).where('id', '=', id).executeTakeFirst();
  if (row && row.session_id !== sitting.id) throw validationError('_id: already used for another step');
  return row ? { _id: row.id, receivedAt: row.received_at, duplicate: true } : undefined;
}

export async function logEntry(db: Db, eventName: string, input: LogInput, now: Date) {
  const event = await eventNamed(db, eventName);
  const sitting = await sittingOf(db, event, input.sessionId, input.sessionToken, now);
  const before = await stored(db, input._id, sitting);
  if (before) return before;
  // A closed event's gallery stays readable, so reading steps are still logged (ADR 034).
  if (event.status === 'closed' && !creavisions.READING_KINDS.includes(input.kind)) throw new AppError(CV_ERRORS.closed);
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('cv_log')
        .values({
          id: input._id,
          event_id: event.id,
          session_id: sitting.id,
          participant: sitting.participant,
          kind: input.kind,
          entry_id: input.entryId ?? null,
          data: JSON.stringify(input.data),
          client_at: new Date(input.at).toISOString(),
          received_at: at,
        })
        .execute();
      if (creavisions.ENTRY_KINDS.includes(input.kind)) await applyToEntry(trx, event, sitting, input, at);
    });
  } catch (error) {
    // The same _id sent twice at once: one insert won; answer it.
    const raced = await stored(db, input._id, sitting);
    if (raced) return raced;
    throw error;
  }
  return { _id: input._id, receivedAt: at, duplicate: false };
}

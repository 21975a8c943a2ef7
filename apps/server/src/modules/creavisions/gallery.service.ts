/**
 * The gallery of an event's published visions and the similar-gallery search (ADR 030).
 * findSimilar asks the assistants' retrieval module (one index, bm25 on SQLite, ts_rank on
 * PostgreSQL; hybrid where that module offers it) for the event's entries nearest to a query
 * text or to an entry, in the index's order, and adds a visible similarity (similarity.ts).
 */
import type { creavisions } from '@chi/contract';
import type { z } from 'zod';
import { validationError } from '../../http/app-error';
import type { Dialect } from '../../db/database';
import { searchChunks } from '../retrieval/retrieval';
import { indexStoreId, presentGalleryEntry } from './creavisions.repo';
import type { Db, EventRow } from './creavisions.repo';
import { contentWords, similarity } from './similarity';

export async function gallery(db: Db, event: EventRow, input: { offset: number; amount: number }) {
  const base = db.selectFrom('cv_entries').where('event_id', '=', event.id).where('published', '=', 1);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('published_at', 'desc').orderBy('id').limit(input.amount).offset(input.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { entries: rows.map(presentGalleryEntry), total: Number(total?.n ?? 0) };
}

type FindInput = z.output<typeof creavisions.findSimilar.input>;

export async function findSimilar(db: Db, dialect: Dialect, event: EventRow, input: FindInput) {
  let queryText = input.query ?? '';
  if (input.entryId !== undefined) {
    const source = await db.selectFrom('cv_entries').selectAll().where('id', '=', input.entryId).where('event_id', '=', event.id).where('published', '=', 1).executeTakeFirst();
    if (!source) throw validationError('entryId: no such published entry in this event');
    queryText = `${source.title} ${source.text}`;
  }
  const terms = contentWords(queryText);
  if (terms.length === 0) return { results: [], hasMore: false, terms };
  // One more than the page tells whether there is a next page; one more again for the entry itself.
  const want = input.offset + input.amount + 1 + (input.entryId === undefined ? 0 : 1);
  const hits = (await searchChunks(db, dialect, indexStoreId(event.id), queryText, want)).filter((hit) => hit.fileId !== input.entryId);
  const page = hits.slice(input.offset, input.offset + input.amount);
  const ids = page.map((hit) => hit.fileId);
  const rows = ids.length === 0 ? [] : await db.selectFrom('cv_entries').selectAll().where('id', 'in', ids).where('published', '=', 1).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results = page.flatMap((hit) => {
    const row = byId.get(hit.fileId);
    if (!row) return [];
    const { percent, matched } = similarity(terms, contentWords(`${row.title} ${row.text}`));
    return [{ entry: presentGalleryEntry(row), similarity: percent, matched, score: hit.score }];
  });
  return { results, hasMore: hits.length > input.offset + input.amount, terms };
}

/**
 * The author of listed documents (issue 18: "Published by others" showed no author). The
 * presenter adds `_ownerName`, the name the owner gave their account, and nothing else of the
 * account: no e-mail address leaves the server through documents.
 */
import type { Kysely } from 'kysely';
import type { documents } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';

type StoredDocument = documents.StoredDocument;

export async function withOwnerNames(db: Kysely<DatabaseSchema>, docs: StoredDocument[]): Promise<StoredDocument[]> {
  const ids = [...new Set(docs.map((doc) => doc._ownerId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return docs.map((doc) => ({ ...doc, _ownerName: null }));
  const rows = await db.selectFrom('accounts').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
  const names = new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
  return docs.map((doc) => ({ ...doc, _ownerName: (doc._ownerId !== null && names.get(doc._ownerId)) || null }));
}

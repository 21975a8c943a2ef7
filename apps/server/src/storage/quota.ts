/**
 * The per-person storage quota (STORAGE_QUOTA_BYTES, issue 24, ADR 042): the bytes a person's
 * images and live assistant files (every stored version) take. A deleted image or assistant
 * file frees its bytes.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

type Db = Kysely<DatabaseSchema>;

export async function storedBytesOf(db: Db, ownerId: string): Promise<number> {
  const images = await db.selectFrom('uploads').select((eb) => eb.fn.sum<number | string | null>('size').as('bytes')).where('owner_id', '=', ownerId).executeTakeFirst();
  const files = await db
    .selectFrom('assistant_file_versions as v')
    .innerJoin('assistant_files as f', 'f.id', 'v.file_id')
    .select((eb) => eb.fn.sum<number | string | null>('v.size').as('bytes'))
    .where('f.owner_id', '=', ownerId)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(images?.bytes ?? 0) + Number(files?.bytes ?? 0);
}

/** A size for a message: 1.5 GB, 20 MB, 300 KB. */
export function readableSize(bytes: number): string {
  const units: [number, string][] = [[1024 ** 3, 'GB'], [1024 ** 2, 'MB'], [1024, 'KB']];
  for (const [unit, name] of units) if (bytes >= unit) return `${Math.round((bytes / unit) * 10) / 10} ${name}`;
  return `${bytes} bytes`;
}

/**
 * Imported CVs as the input of find jobs by skills (issue 16 part 2, ADR 029 amendment): the
 * CVs a batch import put into the HR CV store are listed, and one of them is read back as text
 * (its indexed chunks, in order) to be matched as if it had been pasted. CVs are personal data:
 * only managers of the app (who import them) list or use them.
 */
import type { Kysely } from 'kysely';
import { ERRORS, quantumHr } from '@chi/contract';
import type { DatabaseSchema } from '../../../db/schema';
import { AppError, validationError } from '../../../http/app-error';
import type { RequestUser } from '../../../http/request-user';
import { isAppManager } from '../assistants.policy';

type Db = Kysely<DatabaseSchema>;

export const CV_NOT_FOUND = { name: 'Not Found', message: 'CV not found', code: 404 } as const;

export function assertMayUseCvs(user: RequestUser | null): void {
  if (user === null) throw new AppError(ERRORS.unauthorized);
  if (!isAppManager(user)) throw new AppError(ERRORS.forbidden);
}

/** The CV store's files that are indexed (a CV still importing has no text to match yet), newest first. */
export async function listCvs(db: Db, cvsStoreId: string): Promise<quantumHr.HrCv[]> {
  const rows = await db
    .selectFrom('assistant_files as f')
    .innerJoin('assistant_file_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'f.name', 'f.created_at'])
    .where('f.vector_store_id', '=', cvsStoreId)
    .where('f.deleted_at', 'is', null)
    .where('v.state', '=', 'ready')
    .orderBy('f.created_at', 'desc')
    .orderBy('f.name')
    .limit(500)
    .execute();
  return rows.map((r) => ({ fileId: r.id, name: r.name, _createdAt: r.created_at }));
}

/** The text of one CV of the store: its current version's chunks in order (overlaps repeat a few words, which matching ignores). */
export async function cvText(db: Db, cvsStoreId: string, fileId: string): Promise<{ name: string; text: string }> {
  const file = await db
    .selectFrom('assistant_files')
    .select(['id', 'name', 'current_version_id'])
    .where('id', '=', fileId)
    .where('vector_store_id', '=', cvsStoreId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!file) throw new AppError(CV_NOT_FOUND);
  const chunks = await db.selectFrom('assistant_chunks').select('text').where('file_id', '=', file.id).where('version_id', '=', file.current_version_id).orderBy('chunk_index').execute();
  const text = chunks.map((c) => c.text).join('\n\n').slice(0, quantumHr.CV_MAX);
  if (text.trim() === '') throw validationError('cvFileId: this CV is not indexed yet');
  return { name: file.name, text };
}

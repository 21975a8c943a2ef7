/**
 * Storing and finding uploaded images. Files live in the file storage under the key
 * `uploads/<app>/<id>.<ext>` (by default `DATA_DIR/uploads/...`), where the app is a checked
 * app id and the id is random: nothing of a client's file name ever reaches the storage.
 */
import type { Kysely } from 'kysely';
import { uploads } from '@chi/contract';
import type { AppId } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import type { UploadsTable } from './uploads-tables';
import { newId } from '../../security/secrets';
import type { FileStorage } from '../../storage/file-storage';
import { storageKey } from '../../storage/file-storage';
import type { ImageType } from './image-type';

type Db = Kysely<DatabaseSchema>;

export const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function uploadKey(row: Pick<UploadsTable, 'app_id' | 'file_name'>): string {
  return storageKey('uploads', row.app_id, row.file_name);
}

export function toUploadedFile(row: UploadsTable): uploads.UploadedFile {
  return {
    _id: row.id,
    url: `${uploads.UPLOADS_PUBLIC_PATH}/${row.id}`,
    name: row.original_name,
    contentType: row.content_type,
    size: Number(row.size),
    _createdAt: row.created_at,
  };
}

export interface PendingFile {
  readonly name: string;
  readonly type: ImageType;
  /** Where the received bytes wait (receive-to-storage.ts); moved to the upload's key when stored. */
  readonly incomingKey: string;
  readonly size: number;
}

/**
 * Moves the received files to their keys, then writes their rows in one transaction; if
 * anything fails the files are removed, so a failed upload leaves nothing behind.
 */
export async function storeUploads(db: Db, storage: FileStorage, appId: AppId, ownerId: string, files: readonly PendingFile[], at: Date): Promise<UploadsTable[]> {
  const rows: UploadsTable[] = files.map((file) => {
    const id = newId();
    return {
      id,
      app_id: appId,
      owner_id: ownerId,
      original_name: file.name,
      file_name: `${id}.${file.type.extension}`,
      content_type: file.type.contentType,
      size: file.size,
      created_at: at.toISOString(),
    };
  });
  try {
    for (const [i, row] of rows.entries()) await storage.rename(files[i]?.incomingKey ?? '', uploadKey(row));
    await db.transaction().execute(async (trx) => {
      for (const row of rows) await trx.insertInto('uploads').values(row).execute();
    });
  } catch (error) {
    await Promise.all([...rows.map((row) => storage.delete(uploadKey(row))), ...files.map((file) => storage.delete(file.incomingKey))]);
    throw error;
  }
  return rows;
}

export function listUploadsOf(db: Db, ownerId: string, appId: AppId | undefined): Promise<UploadsTable[]> {
  let query = db.selectFrom('uploads').selectAll().where('owner_id', '=', ownerId);
  if (appId !== undefined) query = query.where('app_id', '=', appId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1000).execute();
}

/** Deletes a person's upload rows inside the caller's transaction; answers the storage keys to remove afterwards. */
export async function forgetUploads(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db.selectFrom('uploads').select(['app_id', 'file_name']).where('owner_id', '=', ownerId).execute();
  await db.deleteFrom('uploads').where('owner_id', '=', ownerId).execute();
  return rows.map(uploadKey);
}

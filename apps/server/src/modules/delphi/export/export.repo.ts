/** Export file records: what `File list` shows while the runner works through them. */
import { API_BASE, delphi, resolvePath } from '@chi/contract';
import type { Selectable } from 'kysely';
import type { DelphiExportsTable } from '../../../db/schema';
import { newId } from '../../../security/secrets';
import type { Db } from '../delphi-db';

export type ExportRecord = Selectable<DelphiExportsTable>;

/** Files live under DATA_DIR/exports/, named from our own id and format only (never client input). */
export function exportFileName(record: Pick<ExportRecord, 'id' | 'format'>): string {
  return `${record.id}.${record.format}`;
}

export function toExportFile(record: ExportRecord): delphi.ExportFile {
  return {
    _id: record.id,
    format: record.format,
    status: record.status,
    progress: Number(record.progress),
    rows: Number(record.rows),
    createdAt: record.created_at,
    finishedAt: record.finished_at,
    downloadUrl: record.status === 'done' ? API_BASE + resolvePath(delphi.downloadFile, record.id) : null,
    error: record.error,
  };
}

export async function insertExport(db: Db, format: delphi.ExportFormat, createdBy: string | null, now: Date): Promise<ExportRecord> {
  const record: ExportRecord = {
    id: newId(),
    format,
    status: 'queued',
    progress: 0,
    rows: 0,
    error: null,
    created_by: createdBy,
    created_at: now.toISOString(),
    started_at: null,
    finished_at: null,
  };
  await db.insertInto('delphi_exports').values(record).execute();
  return record;
}

export function findExport(db: Db, id: string): Promise<ExportRecord | undefined> {
  return db.selectFrom('delphi_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listExports(db: Db, limit = 200): Promise<ExportRecord[]> {
  return db.selectFrom('delphi_exports').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function updateExport(db: Db, id: string, values: Partial<Omit<ExportRecord, 'id'>>): Promise<void> {
  await db.updateTable('delphi_exports').set(values).where('id', '=', id).execute();
}

/**
 * At start-up nothing can be running yet, so anything still queued or running was cut off by
 * a stop or a crash: it is marked failed (the researcher generates again) rather than left
 * "running" forever. With several server processes on one PostgreSQL, a restart of one would
 * also fail another's export in flight; exports are rare and quick, so we accept that.
 */
export async function failUnfinishedExports(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('delphi_exports')
    .set({ status: 'failed', error: 'Interrupted by a server restart. Generate it again.', finished_at: now.toISOString() })
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

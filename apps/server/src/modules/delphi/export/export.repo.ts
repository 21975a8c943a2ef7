/** Export file records: what `File list` shows while export jobs (export-runner.ts) work through them. */
import { API_BASE, delphi, resolvePath } from '@chi/contract';
import type { Selectable } from 'kysely';
import type { DelphiExportsTable } from '../delphi-tables';
import { newId } from '../../../security/secrets';
import type { Db } from '../delphi-db';

export type ExportRecord = Selectable<DelphiExportsTable>;

/** The file name extension of a format: the Psych-DS bundle is a zip. */
export function exportExtension(format: delphi.ExportFormat): string {
  return format === 'psychds' ? 'zip' : format;
}

/** Files are stored under `exports/`, named from our own id and format only (never client input). */
export function exportFileName(record: Pick<ExportRecord, 'id' | 'format'>): string {
  return `${record.id}.${exportExtension(record.format)}`;
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
    runs: record.runs,
  };
}

/** A queued export of one study's suites (ADR 074): `runs` says which of them. */
export async function insertExport(
  db: Db,
  format: delphi.ExportFormat,
  scope: { studyId: string; runs: delphi.DataRuns },
  createdBy: string | null,
  now: Date,
): Promise<ExportRecord> {
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
    study_id: scope.studyId,
    runs: scope.runs,
  };
  await db.insertInto('delphi_exports').values(record).execute();
  return record;
}

export function findExport(db: Db, id: string): Promise<ExportRecord | undefined> {
  return db.selectFrom('delphi_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One study's exports, newest first. */
export function listExports(db: Db, studyId: string, limit = 200): Promise<ExportRecord[]> {
  return db.selectFrom('delphi_exports').selectAll().where('study_id', '=', studyId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function updateExport(db: Db, id: string, values: Partial<Omit<ExportRecord, 'id'>>): Promise<void> {
  await db.updateTable('delphi_exports').set(values).where('id', '=', id).execute();
}

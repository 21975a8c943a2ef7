/**
 * The facilitator's export (ADR 030): the log as CSV, one row per logged step (columns as
 * `creavisions.EXPORT_COLUMNS`), or the whole event as JSON (event, sittings, entries, log).
 */
import { creavisions } from '@chi/contract';
import { csvText } from '../../security/csv-cell';
import type { Db, EventRow } from './creavisions.repo';
import { eventDetails, logQuery, presentLog } from './events.service';

export async function exportCsv(db: Db, event: EventRow): Promise<string> {
  const rows = (await logQuery(db, event.id).execute()).map(presentLog);
  return csvText(
    creavisions.EXPORT_COLUMNS,
    rows.map((r) => [event.name, r.receivedAt, r.clientAt, r._id, r.sessionId, r.participant, r.kind, r.entryId, r.data.title ?? null, r.data.text ?? null, r.data.imageUrl ?? null, r.data.query ?? null]),
  );
}

export async function exportJson(db: Db, event: EventRow): Promise<string> {
  const [details, log] = await Promise.all([eventDetails(db, event), logQuery(db, event.id).execute()]);
  return JSON.stringify({ ...details, log: log.map(presentLog) }, null, 2);
}

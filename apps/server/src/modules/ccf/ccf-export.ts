/**
 * The CSV export of a CCF session in long format (issue 15): one row per answer version,
 * columns as `ccf.EXPORT_COLUMNS`. Cells that a spreadsheet would run as a formula are
 * prefixed with `'` (OWASP CSV injection), and every cell is quoted when it needs to be.
 */
import { ccf } from '@chi/contract';
import { csvText } from '../../security/csv-cell';
import type { Db, SessionRow } from './ccf.repo';
import { fieldsOf, toField } from './ccf.repo';

/** A value in one cell: text as is, choices joined by `; `, numbers as numbers. */
export function answerCell(value: ccf.AnswerValue): string | number {
  return Array.isArray(value) ? value.join('; ') : value;
}

export async function exportCsv(db: Db, session: SessionRow): Promise<string> {
  const fields = new Map((await fieldsOf(db, session.id)).map((row) => [row.id, toField(row)]));
  const [answers, opened] = await Promise.all([
    db
      .selectFrom('ccf_answers')
      .innerJoin('ccf_participants', 'ccf_participants.id', 'ccf_answers.participant_id')
      .select(['ccf_answers.participant_id', 'ccf_participants.user_id', 'ccf_answers.field_id', 'ccf_answers.version', 'ccf_answers.value', 'ccf_answers.submitted_at'])
      .where('ccf_participants.session_id', '=', session.id)
      .execute(),
    db
      .selectFrom('ccf_field_events')
      .innerJoin('ccf_participants', 'ccf_participants.id', 'ccf_field_events.participant_id')
      .select(['ccf_field_events.participant_id', 'ccf_field_events.field_id', (eb) => eb.fn.min<string>('ccf_field_events.at').as('first')])
      .where('ccf_participants.session_id', '=', session.id)
      .groupBy(['ccf_field_events.participant_id', 'ccf_field_events.field_id'])
      .execute(),
  ]);
  const openedAt = new Map(opened.map((row) => [`${row.participant_id}/${row.field_id}`, row.first]));
  const latest = new Map<string, number>();
  for (const a of answers) latest.set(`${a.participant_id}/${a.field_id}`, Math.max(latest.get(`${a.participant_id}/${a.field_id}`) ?? 0, a.version));
  const rows = answers
    .map((a) => ({ a, field: fields.get(a.field_id) }))
    .sort((x, y) => x.a.user_id.localeCompare(y.a.user_id) || (x.field?.position ?? 0) - (y.field?.position ?? 0) || x.a.version - y.a.version);
  return csvText(
    ccf.EXPORT_COLUMNS,
    rows.map(({ a, field }) => {
      const key = `${a.participant_id}/${a.field_id}`;
      return [
        session.id,
        session.title,
        a.user_id,
        field?.position ?? null,
        a.field_id,
        field?.type ?? null,
        field?.prompt ?? null,
        a.version,
        latest.get(key) === a.version,
        answerCell(JSON.parse(a.value) as ccf.AnswerValue),
        openedAt.get(key) ?? null,
        a.submitted_at,
      ];
    }),
  );
}

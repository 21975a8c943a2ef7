/**
 * The CSV export's lines with the database writing most of the text (ADR 070, branch h23): the
 * read makes ~11 values per row (5 of them strings) instead of 25 (better-sqlite3 and pg make a JS string of every
 * text cell, the larger part of the export's CPU). The database joins each run of cells with
 * commas, unguarded and unquoted; this process checks every run with one regular expression and
 * splices in what it knows better (the suite's study columns, the game's status, the two ISO
 * times, the attention columns, the attributes cell).
 *
 * A row takes this fast path only when nothing in it needs the formula guard or quoting of
 * `security/csv-cell.ts` (no cell starts with = + - @ tab CR, no cell holds a quote, comma, CR
 * or LF: FAST_CELL below) and only when its numbers are ones the SQL writes exactly as
 * `String(number)` does (otherwise the SQL writes `"` into the run, which fails the check). Any
 * other row — and every row of a suite with exclusions — is "slow": it is read again by the
 * export's own query and formatted by `toExportRow` + `csvLine`, the one formatter. So the guard
 * is not spelled twice: the check here only ever lets through text the guard would leave alone
 * (`csv-line-sql.test.ts` compares both paths row by row on adversarial cells, both dialects).
 */
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { csvCell } from '../../../security/csv-cell';
import { isoTime } from './export-format';
import type { SuiteColumns } from './export-format';

/** A text cell written as is by csvCell: no formula start (= + - @ tab CR) and nothing to quote. */
const FAST_CELL = '(?:[^=+\\-@\\t\\r,"\\n][^,"\\r\\n]*)?';
const cells = (n: number) => new RegExp(`^${FAST_CELL}(?:,${FAST_CELL}){${n - 1}}$`);

/** A nullable text column as is ('' for null; csvCell writes null as ''). */
const text = (column: string) => `coalesce(r.${column}, '')`;
/** csvCell of a boolean stored as an integer: Number(x) === 1. */
const bool = (column: string) => `(case when r.${column} is null then '' when r.${column} = 1 then 'true' else 'false' end)`;
/** A run of cells joined by commas. */
const joined = (parts: readonly string[]) => parts.join(` || ',' || `);
/** What makes FAST_CELL fail: for values the SQL does not write as JavaScript would. */
const NOT_EXACT = `'"'`;

/**
 * `String(Math.round(x * 1000) / 1000)` (export-format's `ms3`) for |x| < 10⁹: k = Math.round(x·1000)
 * computed from the same IEEE product (floor, then up when the rest is ≥ .5, as Math.round), then
 * written as k/1000 in decimal without trailing zeros — the shortest text JavaScript writes for
 * that double, since neighbouring thousandths are distinct doubles below 2⁴². Larger, non-finite
 * or non-numeric values: NOT_EXACT.
 */
function ms3Sql(column: string): string {
  const y = `(r.${column} * 1000)`;
  const k = `(cast(floor(${y}) as bigint) + (case when ${y} - floor(${y}) >= 0.5 then 1 else 0 end))`;
  const frac = `(abs(${k}) % 1000)`;
  return (
    `(case when r.${column} is null then '' when r.${column} + 0 = r.${column} and abs(r.${column}) < 1000000000 then ` +
    `(case when ${k} < 0 then '-' else '' end) || cast(abs(${k}) / 1000 as text) || ` +
    `(case when ${frac} = 0 then '' else '.' || rtrim(substr(cast(1000 + ${frac} as text), 2), '0') end) ` +
    `else ${NOT_EXACT} end)`
  );
}

/** `String(Number(x))` of an integer column for |x| < 10¹⁵ (exact in a double); else NOT_EXACT. */
const integerSql = (column: string) =>
  `(case when r.${column} is null then '' when r.${column} = cast(r.${column} as bigint) and abs(r.${column}) < 1000000000000000 ` +
  `then cast(cast(r.${column} as bigint) as text) else ${NOT_EXACT} end)`;

/** export-format's `categoryOf`: Flash Match rows without a category take their round's task (SZ_1 → Search). */
const CATEGORY =
  `coalesce(r.category, case when r.game_name = 'FlashMatch' and r.round is not null then ` +
  `(case substr(r.round, 1, 2) when 'SZ' then 'Search' when 'VS' then 'Comparison' end) end, '')`;

/** participantId, suiteId. */
const HEAD = joined([text('participant_id'), text('suite_id')]);
/** game … correctAnswer, isCorrect. */
const MIDDLE = joined([...['game_name', 'game_id', 'round', 'round_id', 'prompt_client_id'].map(text), `coalesce(r.prompt, r.question, '')`, text('response'), text('correct_answer'), bool('is_correct')]);
/** rtMs, anticipation, frameIntervalMs, category, questionIndex, receivedAt, modality. */
const TAIL = joined([ms3Sql('rt_ms'), bool('anticipation'), ms3Sql('frame_interval_ms'), CATEGORY, integerSql('question_index'), text('received_at'), text('modality')]);
const HEAD_CHECK = cells(2);
const MIDDLE_CHECK = cells(9);
const TAIL_CHECK = cells(7);

/** The columns the fast read selects besides `seq`, `suite_id`, `game_id` and the attention columns. */
export function csvLineSelection(): RawBuilder<unknown>[] {
  return [
    sql.raw(HEAD).as('csv_head'),
    sql.raw(MIDDLE).as('csv_middle'),
    sql.raw('r.prompted_at').as('prompted_at'),
    sql.raw('r.responded_at').as('responded_at'),
    sql.raw(TAIL).as('csv_tail'),
    sql.raw('r.attributes').as('attributes'),
  ] as unknown as RawBuilder<unknown>[];
}

/** Where the fast read's values are: seq, suite_id, game_id, then csvLineSelection, then attention_events, hidden_ms. */
export const FAST = { seq: 0, suite: 1, game: 2, head: 3, middle: 4, promptedAt: 5, respondedAt: 6, tail: 7, attributes: 8, attention: 9, hidden: 10 } as const;

/**
 * export-format's `iso`, written as a cell (null: empty): a time outside years 0–9999 is written
 * `+010000-…` or `-000001-…`, a text the formula guard quotes, so those go through csvCell.
 */
function iso(ms: unknown): string {
  if (ms === null) return '';
  const text = isoTime(Number(ms));
  const first = text.charCodeAt(0);
  return first >= 48 && first <= 57 ? text : csvCell(text);
}

/** The study, studyVersion and run cells of a suite (csvCell of each; empty when the suite is unknown). */
export function suiteCells(suite: SuiteColumns | undefined): string {
  return suite ? `${csvCell(suite.study)},${csvCell(suite.studyVersion)},${csvCell(suite.run)}` : ',,';
}

/**
 * The CSV line of a fast-read row, the very text `csvLine(toExportRow(…))` writes, or null when
 * the row must go the slow way (see the file's comment). `suite`: suiteCells of its suite;
 * `status`: its game's status (null when the game row is gone); the row must not be excluded.
 */
export function fastCsvLine(values: readonly unknown[], suite: string, status: string | null): string | null {
  const head = values[FAST.head] as string;
  const middle = values[FAST.middle] as string;
  const tail = values[FAST.tail] as string;
  if (!HEAD_CHECK.test(head) || !MIDDLE_CHECK.test(middle) || !TAIL_CHECK.test(tail)) return null;
  const attention = values[FAST.attention] as number | string | null;
  const hidden = values[FAST.hidden] as number | string | null;
  return (
    `${head},${suite},${middle},${iso(values[FAST.promptedAt])},${iso(values[FAST.respondedAt])},` +
    `${tail},${csvCell(status)},false,${attention === null ? '' : Number(attention)},${hidden === null ? '' : Math.round(Number(hidden))},` +
    `${csvCell(values[FAST.attributes] as string)}\r\n`
  );
}

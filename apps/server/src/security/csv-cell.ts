/**
 * The one CSV writer of the server (ADR 065, 069): cells with the spreadsheet formula guard
 * (OWASP CSV injection), records (`csvRow`), whole texts (`csvText`: CCF, creative visions, the
 * Psych-DS bundle's documentation files) and, for the delphi export's million rows, a line
 * writer compiled once for a fixed column list (`csvLineWriter`). No other file writes CSV.
 *
 * RFC 4180: a field with a comma, quote, CR or LF is quoted and its quotes doubled. Spreadsheet
 * programs run a cell that starts with =, +, -, @ (or a tab or CR) as a formula, and
 * participants type free text, so every TEXT cell starting with one of those gets a leading
 * single quote (`-1` → `'-1`). Cells written as numbers are left alone: a negative number is no formula.
 */
export type CsvValue = string | number | boolean | null;

const NEEDS_QUOTES = /[",\r\n]/;

/** = + - @ tab CR: the characters a spreadsheet may read as the start of a formula. */
function startsLikeFormula(text: string): boolean {
  const c = text.charCodeAt(0);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
}

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = startsLikeFormula(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record: formula-guarded cells joined by commas (no line end). */
export function csvRow(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole CSV text: the header, then one record per row, each ended by CRLF (RFC 4180). */
export function csvText(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [csvRow(header)];
  for (const cells of rows) lines.push(csvRow(cells));
  return `${lines.join('\r\n')}\r\n`;
}

export interface CsvLineWriter<K extends string> {
  /** The header line (the column names as cells), CRLF-ended. */
  readonly header: string;
  /** One record as a CRLF-ended line, its cells in the columns' order. */
  readonly line: (record: Readonly<Record<K, CsvValue>>) => string;
}

/**
 * Writes records with a fixed column list as lines, as fast as a line spelled out by hand: the
 * writer is compiled once, as `c(r["participantId"]) + ',' + c(r["suiteId"]) + … + '\r\n'`,
 * so each row costs one property read per column and no loop or array (a loop over the columns
 * measured about 12 % slower over a million export rows; ADR 069). The column names go into the
 * source only as JSON string literals, and come from our own constant lists.
 */
export function csvLineWriter<K extends string>(columns: readonly K[]): CsvLineWriter<K> {
  if (columns.length === 0) throw new Error('a CSV line needs at least one column');
  const cells = columns.map((column) => `c(r[${JSON.stringify(column)}])`).join(" + ',' + ");
  const compile = new Function('c', `return function csvLine(r) { return ${cells} + '\\r\\n'; };`) as (
    cell: typeof csvCell,
  ) => CsvLineWriter<K>['line'];
  return { header: `${csvRow(columns)}\r\n`, line: compile(csvCell) };
}

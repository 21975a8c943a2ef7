/**
 * The one CSV cell writer with the spreadsheet formula guard (OWASP CSV injection), used by
 * every CSV the server writes: the delphi export, the Psych-DS bundle, CCF and creative visions
 * (csvRow and csvText below write their records and texts: CSV is written in this one place).
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
  const lines = [header.join(',')];
  for (const cells of rows) lines.push(csvRow(cells));
  return `${lines.join('\r\n')}\r\n`;
}

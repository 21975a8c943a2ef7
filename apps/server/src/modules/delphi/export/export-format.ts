/**
 * How one response becomes a CSV line or a JSON object (EXPORT_COLUMNS, in that order).
 *
 * CSV follows RFC 4180 with CRLF line ends; every cell goes through the one formula guard
 * (`security/csv-cell.ts`): text starting with =, +, -, @, tab or CR gets a leading `'`, cells
 * we write as numbers (rtMs, frameIntervalMs, questionIndex) are left alone.
 * The JSON export is not guarded: it holds the values exactly as stored.
 */
import { delphi } from '@chi/contract';
import { csvCell, csvLineWriter } from '../../../security/csv-cell';

const { EXPORT_COLUMNS } = delphi;
type ExportColumn = delphi.ExportColumn;

export type ExportValue = string | number | boolean | null;
export type ExportRow = Record<ExportColumn, ExportValue>;

/** The one guarded cell writer, shared with every other CSV the server writes. */
export { csvCell };

/** The shared CSV writer compiled once for EXPORT_COLUMNS: this runs a million times per export (ADR 069). */
const EXPORT_CSV = csvLineWriter(EXPORT_COLUMNS);
export const CSV_HEADER = EXPORT_CSV.header;
export const csvLine: (r: ExportRow) => string = EXPORT_CSV.line;

/** `"participantId":` etc.: each column's key as JSON, made once. */
const JSON_KEYS = EXPORT_COLUMNS.filter((column) => column !== 'attributes').map((column) => [column, `${JSON.stringify(column)}:`] as const);

/**
 * What JSON.stringify escapes in a string: the quote, the backslash, control characters, and
 * UTF-16 surrogates (a lone one is written as \uXXXX; a pair is left to JSON.stringify too).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const JSON_ESCAPES = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as JSON.stringify writes it: most exported strings (ids, times, keys, digits) hold
 * nothing to escape and are only quoted; any other goes through JSON.stringify itself. A call
 * per string was 3.6 s of a 10⁶-row JSON export's profile.
 */
export function jsonString(text: string): string {
  return JSON_ESCAPES.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** A value as JSON.stringify writes it (strings quoted and escaped, NaN and Infinity as null). */
function jsonValue(value: ExportValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return jsonString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return value ? 'true' : 'false';
}

/**
 * One JSON object, keys in column order, the same text `JSON.stringify(row)` would give, made
 * value by value (no copy of the row per response). `attributes` (the last column) is spliced
 * in as the stored JSON object, not as a string of it: the server stored it with
 * JSON.stringify, so it is re-used as is, without a parse per row.
 */
export function jsonObject(row: ExportRow): string {
  let out = '{';
  for (let i = 0; i < JSON_KEYS.length; i++) {
    const [column, key] = JSON_KEYS[i]!;
    out += (i === 0 ? key : `,${key}`) + jsonValue(row[column]);
  }
  const { attributes } = row;
  const object = typeof attributes === 'string' && attributes.startsWith('{') ? attributes : JSON.stringify(attributes);
  return `${out},"attributes":${object}}`;
}

/** The row the export query reads; numbers may arrive as strings from PostgreSQL. */
export interface RawExportRow {
  seq: number | string;
  participant_id: string;
  suite_id: string;
  game_name: string;
  game_id: string;
  round: string | null;
  round_id: string | null;
  prompt_client_id: string | null;
  prompt: string | null;
  question: string | null;
  response: string | null;
  correct_answer: string | null;
  is_correct: number | string | null;
  prompted_at: number | string | null;
  responded_at: number | string;
  rt_ms: number | string | null;
  anticipation: number | string | null;
  frame_interval_ms: number | string | null;
  category: string | null;
  question_index: number | string | null;
  received_at: string;
  modality: string | null;
  /** From the game (left join): null only if the game row is gone. */
  game_status: string | null;
  /** The response's attributes as stored: JSON text of an object. */
  attributes: string;
  /** Attention events and hidden ms during the trial (ADR 026); null without an onset. Absent: not read. */
  attention_events?: number | string | null;
  hidden_ms?: number | string | null;
}

const DAY_MS = 86_400_000;
/** Last year toISOString writes with four digits: later (and earlier than 1970) goes through Date. */
const FAST_ISO_END = Date.UTC(10_000, 0, 1);
let isoDayStart = Number.NaN;
let isoDayPrefix = '';
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, character for character, without a Date per call: an export
 * writes two per row, and a study's rows come day by day, so the date part is made once per
 * day and only the time is formatted. Fractions of a millisecond are cut as Date cuts them;
 * anything outside 1970–9999 (and NaN, which throws) is left to Date.
 */
export function isoTime(ms: number): string {
  const t = Math.trunc(ms);
  if (!(t >= isoDayStart && t < isoDayStart + DAY_MS)) {
    if (!(t >= 0 && t < FAST_ISO_END)) return new Date(ms).toISOString();
    isoDayStart = t - (t % DAY_MS);
    isoDayPrefix = new Date(isoDayStart).toISOString().slice(0, 11);
  }
  let rest = t - isoDayStart;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  return `${isoDayPrefix}${pad2((rest - minute) / 60)}:${pad2(minute)}:${pad2(second)}.${pad3(milli)}Z`;
}

const iso = (ms: number | string | null) => (ms === null ? null : isoTime(Number(ms)));
const num = (value: number | string | null) => (value === null ? null : Number(value));
/**
 * Times in ms with at most 3 decimals (a microsecond): event timestamps are doubles, and
 * `430.199951171875` is float noise, not precision any browser clock has.
 */
export const ms3 = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 1000) / 1000);

/** Flash Match's two tasks, by the prefix of their round ids (SZ_1, VS_2): rows logged before the client named the category. */
const FLASH_TASKS: Readonly<Record<string, string>> = { SZ: 'Search', VS: 'Comparison' };

/** The response's category, or for Flash Match rows without one the task its round belongs to. */
export function categoryOf(raw: Pick<RawExportRow, 'category' | 'game_name' | 'round'>): string | null {
  if (raw.category !== null || raw.game_name !== 'FlashMatch' || raw.round === null) return raw.category;
  return FLASH_TASKS[raw.round.slice(0, 2)] ?? null;
}

/** A row whose every column is null: the one object an export fills again for each response. */
export function emptyExportRow(): ExportRow {
  return Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, null])) as ExportRow;
}

/** The suite's study columns of a row (ADR 074): the study's slug, the version the suite ran, and its run. */
export interface SuiteColumns {
  readonly study: string;
  readonly studyVersion: number;
  readonly run: delphi.SuiteRun;
}

/**
 * `excluded`: whether a researcher had excluded the participant or this game (ADR 025) when the
 * export began. `into`: an object to fill instead of a new one (the export reuses one row, so
 * a million responses make no million objects); every column is written, in column order.
 */
export function toExportRow(raw: RawExportRow, excluded = false, into?: ExportRow, suite?: SuiteColumns): ExportRow {
  const row = into ?? ({} as ExportRow);
  row.participantId = raw.participant_id;
  row.suiteId = raw.suite_id;
  row.study = suite?.study ?? null;
  row.studyVersion = suite?.studyVersion ?? null;
  row.run = suite?.run ?? null;
  row.game = raw.game_name;
  row.gameId = raw.game_id;
  row.round = raw.round;
  row.roundId = raw.round_id;
  // The prompt id the client knows: the `_clientId` it logged the prompt with.
  row.promptId = raw.prompt_client_id;
  // A response without a logged prompt may still carry its question (Quiz Time does).
  row.prompt = raw.prompt ?? raw.question;
  row.response = raw.response;
  row.correctAnswer = raw.correct_answer;
  row.isCorrect = raw.is_correct === null ? null : Number(raw.is_correct) === 1;
  row.promptedAt = iso(raw.prompted_at);
  row.respondedAt = iso(raw.responded_at);
  row.rtMs = ms3(raw.rt_ms);
  row.anticipation = raw.anticipation === null ? null : Number(raw.anticipation) === 1;
  row.frameIntervalMs = ms3(raw.frame_interval_ms);
  row.category = categoryOf(raw);
  row.questionIndex = num(raw.question_index);
  row.receivedAt = raw.received_at;
  row.modality = raw.modality;
  row.gameStatus = raw.game_status;
  row.excluded = excluded;
  row.attentionEvents = num(raw.attention_events ?? null);
  row.hiddenMs = raw.hidden_ms === undefined || raw.hidden_ms === null ? null : Math.round(Number(raw.hidden_ms));
  row.attributes = raw.attributes;
  return row;
}

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

/**
 * One JSON object; toExportRow builds its keys in column order, which JSON.stringify keeps.
 * `attributes` (the last column) is spliced in as the stored JSON object, not as a string of
 * it: the server stored it with JSON.stringify, so it is re-used as is, without a parse per row.
 */
export function jsonObject(row: ExportRow): string {
  const { attributes, ...rest } = row;
  const head = JSON.stringify(rest);
  const object = typeof attributes === 'string' && attributes.startsWith('{') ? attributes : JSON.stringify(attributes);
  return `${head.slice(0, -1)},"attributes":${object}}`;
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

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
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

/** `excluded`: whether a researcher had excluded the participant or this game (ADR 025) when the export began. */
export function toExportRow(raw: RawExportRow, excluded = false): ExportRow {
  return {
    participantId: raw.participant_id,
    suiteId: raw.suite_id,
    game: raw.game_name,
    gameId: raw.game_id,
    round: raw.round,
    roundId: raw.round_id,
    // The prompt id the client knows: the `_clientId` it logged the prompt with.
    promptId: raw.prompt_client_id,
    // A response without a logged prompt may still carry its question (Quiz Time does).
    prompt: raw.prompt ?? raw.question,
    response: raw.response,
    correctAnswer: raw.correct_answer,
    isCorrect: raw.is_correct === null ? null : Number(raw.is_correct) === 1,
    promptedAt: iso(raw.prompted_at),
    respondedAt: iso(raw.responded_at),
    rtMs: ms3(raw.rt_ms),
    anticipation: raw.anticipation === null ? null : Number(raw.anticipation) === 1,
    frameIntervalMs: ms3(raw.frame_interval_ms),
    category: categoryOf(raw),
    questionIndex: num(raw.question_index),
    receivedAt: raw.received_at,
    modality: raw.modality,
    gameStatus: raw.game_status,
    excluded,
    attentionEvents: num(raw.attention_events ?? null),
    hiddenMs: raw.hidden_ms === undefined || raw.hidden_ms === null ? null : Math.round(Number(raw.hidden_ms)),
    attributes: raw.attributes,
  };
}

/**
 * What each export column means: the one source the codebook, the `/Data` column help and the
 * Psych-DS `variableMeasured` metadata are generated from. Typed by EXPORT_COLUMNS, so a new
 * column does not compile until it is described here.
 */
import type { ExportColumn } from './delphi-schemas';

export interface ExportColumnInfo {
  /** What a value in this column is, for a researcher who has not read our code. */
  readonly description: string;
  /** The value's kind in the CSV (JSON keeps the same values, typed). */
  readonly type: 'text' | 'number' | 'boolean' | 'datetime' | 'json';
  /** Unit of a number (schema.org `unitText`). */
  readonly unit?: string;
  readonly minValue?: number;
  readonly maxValue?: number;
  /** The values a text column can hold, when it is a closed set. */
  readonly levels?: readonly string[];
}

export const EXPORT_COLUMN_INFO: Readonly<Record<ExportColumn, ExportColumnInfo>> = {
  participantId: { type: 'text', description: 'The participant id from the study link (chosen by whoever handed out the link; anonymous).' },
  suiteId: { type: 'text', description: "Server id of the participant's suite: one per participant and study link." },
  study: { type: 'text', description: "The study's URL slug (its link is /s/<slug>; `default` for the /?participantId= links)." },
  studyVersion: {
    type: 'number',
    minValue: 1,
    description: "The version of the study (its games, their settings and order) the participant's suite ran: a change of an open study's games makes the next version.",
  },
  run: {
    type: 'text',
    description: "What the suite was: a participant's run (live), a run while the study was piloting (pilot), or a researcher's preview (preview). Exports hold live runs only unless test runs were asked for.",
    levels: ['live', 'pilot', 'preview'],
  },
  game: {
    type: 'text',
    description: 'The game (task) the response belongs to.',
    levels: ['QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo'],
  },
  gameId: { type: 'text', description: 'Server id of the game as played by this participant (one per participant and game).' },
  round: { type: 'text', description: 'The round (block, level or category) as the game named it, e.g. SZ_1, VS_2, History; empty when the response had none.' },
  roundId: { type: 'text', description: 'Server id of the round record; empty when the round had not started when the response was stored.' },
  promptId: { type: 'text', description: "The client's id of the prompt (stimulus) this response answers; empty when no prompt was logged." },
  prompt: { type: 'text', description: 'The stimulus as shown (e.g. the digit string, or the quiz question).' },
  response: { type: 'text', description: "The participant's response as given (a key, an option, a word)." },
  correctAnswer: { type: 'text', description: 'The correct response, when the task has one.' },
  isCorrect: { type: 'boolean', description: 'Whether the response was correct; empty for responses that are not scored.' },
  promptedAt: {
    type: 'datetime',
    description: 'Stimulus onset (ISO 8601, UTC, ms precision): the time of the animation frame that first presented the stimulus.',
  },
  respondedAt: { type: 'datetime', description: "Time of the response (ISO 8601, UTC): the input event's high-resolution timeStamp." },
  rtMs: {
    type: 'number',
    unit: 'millisecond',
    description:
      "Reaction time: the input event's timeStamp minus the onset frame's time, from the high-resolution clock (up to 3 decimals; ADR 013). " +
      'Never clamped: negative only for an anticipation. Empty when there was no onset.',
  },
  anticipation: {
    type: 'boolean',
    description: 'True for an input before the stimulus was shown (its rtMs is negative, it is never scored); false for a response; empty for responses logged before this was recorded.',
  },
  frameIntervalMs: {
    type: 'number',
    unit: 'millisecond',
    minValue: 0,
    description: "The median interval between the browser's animation frames in the response's round so far (16.7 on a 60 Hz screen); empty when not measured.",
  },
  category: { type: 'text', description: "The response's category (Quiz Time's subject; Flash Match's task: Search or Comparison)." },
  questionIndex: { type: 'number', minValue: 0, description: "The question's position in the bank (Quiz Time), from 0." },
  receivedAt: { type: 'datetime', description: 'When the server stored the response (ISO 8601, UTC): later than respondedAt when the participant was offline.' },
  modality: {
    type: 'text',
    description: 'How the response was given: a key, or the pointer type of a tap or click; empty for responses logged before this was recorded.',
    levels: ['key', 'touch', 'mouse', 'pen'],
  },
  gameStatus: {
    type: 'text',
    description: "The game's status when the export ran: in progress, completed, interrupted (the participant left mid-game; answers so far are kept), or skipped (an optional game the participant chose not to play).",
    levels: ['in progress', 'completed', 'interrupted', 'skipped'],
  },
  excluded: {
    type: 'boolean',
    description: 'Whether a researcher had excluded this participant, or this game of theirs, when the export ran (the reasons are in the exclusion log).',
  },
  attentionEvents: {
    type: 'number',
    minValue: 0,
    description:
      'How many times the participant left the page during this trial (from stimulus onset to the response): the page hidden (another tab or app), ' +
      'the window losing focus, or fullscreen exited; a tab switch counts twice (hidden and blur). Empty when the trial had no onset (ADR 026).',
  },
  hiddenMs: {
    type: 'number',
    unit: 'millisecond',
    minValue: 0,
    description: 'How long the page was hidden during this trial (onset to response), ms; 0 when it stayed visible; empty when the trial had no onset (ADR 026).',
  },
  attributes: {
    type: 'json',
    description: "The game's own details of this response, as a JSON object (e.g. a probe's target cell, a face's action units, a word's scores); {} when none.",
  },
};

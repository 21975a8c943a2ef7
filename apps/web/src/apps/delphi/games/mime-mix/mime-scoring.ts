/**
 * Mime Mix's pure scoring (ADR 016), over the main game's answers only (the practice round is
 * not scored): accuracy by cued half × congruency, the interference (congruent − incongruent
 * accuracy), other-half intrusions (an incongruent face answered with the uncued half's
 * emotion) and the confusion matrix (target emotion × answer).
 */
import { EMOTIONS, HALVES, type Emotion, type Half } from './mime-config';

export interface MimeAnswer {
  cuedHalf: Half;
  target: Emotion;
  other: Emotion;
  congruent: boolean;
  /** null: no answer within the time limit (scored wrong, never an intrusion). */
  response: Emotion | null;
}

export function isCorrectAnswer(answer: Pick<MimeAnswer, 'target' | 'response'>): boolean {
  return answer.response === answer.target;
}

export interface Cell {
  correct: number;
  total: number;
  /** correct / total; null for an empty cell (never 0/0 = 0). */
  accuracy: number | null;
}

export interface Intrusions {
  /** Incongruent answers that named the other half's emotion. */
  count: number;
  /** Incongruent faces answered or timed out. */
  incongruent: number;
  rate: number | null;
}

/** The answer columns of the confusion matrix: the six emotions, then `none` (timed out). */
export const CONFUSION_COLUMNS = [...EMOTIONS, 'none'] as const;
export type ConfusionColumn = (typeof CONFUSION_COLUMNS)[number];

export interface MimeScores {
  cells: Record<Half, { congruent: Cell; incongruent: Cell }>;
  /** Per half and over both: congruent − incongruent accuracy (proportion, −1…1), null when a side is empty. */
  interference: Record<Half | 'overall', number | null>;
  intrusions: Record<Half | 'overall', Intrusions>;
  /** confusion[target][answer] = count. */
  confusion: Record<Emotion, Record<ConfusionColumn, number>>;
  overall: Cell;
}

function cell(correct: number, total: number): Cell {
  return { correct, total, accuracy: total === 0 ? null : correct / total };
}

function difference(a: Cell, b: Cell): number | null {
  return a.accuracy === null || b.accuracy === null ? null : a.accuracy - b.accuracy;
}

function intrusionsOf(answers: readonly MimeAnswer[]): Intrusions {
  const incongruent = answers.filter((a) => !a.congruent);
  const count = incongruent.filter((a) => a.response === a.other).length;
  return { count, incongruent: incongruent.length, rate: incongruent.length === 0 ? null : count / incongruent.length };
}

function cellOf(answers: readonly MimeAnswer[]): Cell {
  return cell(answers.filter(isCorrectAnswer).length, answers.length);
}

export function scoreMimeMix(answers: readonly MimeAnswer[]): MimeScores {
  const byHalf = (half: Half) => answers.filter((a) => a.cuedHalf === half);
  const cells = Object.fromEntries(
    HALVES.map((half) => [
      half,
      { congruent: cellOf(byHalf(half).filter((a) => a.congruent)), incongruent: cellOf(byHalf(half).filter((a) => !a.congruent)) },
    ]),
  ) as MimeScores['cells'];
  const congruent = cellOf(answers.filter((a) => a.congruent));
  const incongruent = cellOf(answers.filter((a) => !a.congruent));
  const confusion = Object.fromEntries(
    EMOTIONS.map((target) => [target, Object.fromEntries(CONFUSION_COLUMNS.map((column) => [column, 0]))]),
  ) as MimeScores['confusion'];
  for (const answer of answers) confusion[answer.target][answer.response ?? 'none'] += 1;
  return {
    cells,
    interference: {
      top: difference(cells.top.congruent, cells.top.incongruent),
      bottom: difference(cells.bottom.congruent, cells.bottom.incongruent),
      overall: difference(congruent, incongruent),
    },
    intrusions: { top: intrusionsOf(byHalf('top')), bottom: intrusionsOf(byHalf('bottom')), overall: intrusionsOf(answers) },
    confusion,
    overall: cellOf(answers),
  };
}

/** The Feedback screen's cells from the server's per-category counts (GET_GAME_SCORES `categories`). */
export function cellsFromCategories(
  categories: Readonly<Record<string, { correctAnswers: number; totalAnswers: number }>>,
): MimeScores['cells'] {
  const from = (name: string) => {
    const entry = categories[name];
    return cell(entry?.correctAnswers ?? 0, entry?.totalAnswers ?? 0);
  };
  return {
    top: { congruent: from('top congruent'), incongruent: from('top incongruent') },
    bottom: { congruent: from('bottom congruent'), incongruent: from('bottom incongruent') },
  };
}

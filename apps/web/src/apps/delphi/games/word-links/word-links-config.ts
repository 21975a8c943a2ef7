/**
 * Word Links' declared config (SPEC §9, issue 12): a practice round then five rounds per level,
 * in one fixed order the screens move through one way. Round ids are what the records carry.
 */
import { delphi, wordLinks } from '@chi/contract';

export type WordLinksLevel = wordLinks.WordLinksLevel;

export interface WordLinksRound {
  /** The id logged with startRound/endRound and every record of the round, e.g. `L1_P`, `L2_3`. */
  id: string;
  level: WordLinksLevel;
  practice: boolean;
  /** 1-5, or 0 for the practice round. */
  number: number;
  startWord: string;
  words: number;
  /** The route of the round's screen, under /WordLinks. */
  path: string;
}

function roundsOf(level: WordLinksLevel): WordLinksRound[] {
  const { practiceWord, startWords, wordsPerRound } = wordLinks.WORD_LINKS_LEVELS[level];
  const base = `level${level}`;
  return [
    { id: `L${level}_P`, level, practice: true, number: 0, startWord: practiceWord, words: wordsPerRound, path: `${base}/practice` },
    ...startWords.map((startWord, i) => ({
      id: `L${level}_${i + 1}`,
      level,
      practice: false,
      number: i + 1,
      startWord,
      words: wordsPerRound,
      path: `${base}/${i + 1}`,
    })),
  ];
}

export const WORD_LINKS_ROUNDS: readonly WordLinksRound[] = [...roundsOf(1), ...roundsOf(2)];

/** The round a route names (`level1/practice`, `level2/3`), if any. */
export function roundAt(level: number, round: string | undefined): WordLinksRound | undefined {
  return WORD_LINKS_ROUNDS.find((r) => r.level === level && (round === 'practice' ? r.practice : !r.practice && String(r.number) === round));
}

/**
 * The route after a round: every practice round and every level 2 round shows its results
 * (a matrix and the score) so a participant learns what the score means before the rounds that
 * count (issue 25 item 7); level 1's scored rounds go straight on, the last to the level 2 intro.
 */
export function nextPathAfter(round: WordLinksRound): string {
  if (round.level === 2 || round.practice) return `/WordLinks/level${round.level}/round/${round.practice ? 'practice' : round.number}/results`;
  const next = WORD_LINKS_ROUNDS[WORD_LINKS_ROUNDS.indexOf(round) + 1];
  return next && next.level === 1 ? `/WordLinks/${next.path}` : '/WordLinks';
}

/** Progress steps (i18n keys under `steps.`): Welcome, Level 1, Level 2, Feedback. Declared with the game in the contract (ADR 064). */
export const WORD_LINKS_STEPS = delphi.WORD_LINKS.steps;

/** The progress step of a round. */
export function stepOf(round: WordLinksRound): number {
  return round.level;
}

/**
 * The colour of a distance cell (0-100): close pairs warm, distant pairs cool, always with a
 * text contrast above 4.5:1 (dark text on light backgrounds only).
 */
export function distanceColour(distance: number): string {
  const d = Math.min(100, Math.max(0, distance));
  const hue = Math.round(20 + (d / 100) * 190);
  return `hsl(${hue} 75% ${Math.round(82 + (d / 100) * 8)}%)`;
}

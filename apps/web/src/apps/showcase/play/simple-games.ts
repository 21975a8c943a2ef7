/**
 * The showcase's two simple games (SPEC §1, §4, §5, §9): stimuli from a logged seed, and the
 * pure scoring of each response and block.
 * - Comparison: blocks VS_1 and VS_2 of 42 six-digit strings; "same" is correct when the two
 *   three-digit halves are equal, "different" when they are not (SPEC §5).
 * - Target search: blocks SZ_1 and SZ_2 of 42 digits; "target" is correct when the digit is 3.
 */
import { seededRandom, shuffle } from '../../../game-kit/random/seeded-random';

export const TRIALS_PER_BLOCK = 42;
export const TARGET_DIGIT = '3';
export const SIMPLE_GAMES = {
  comparison: { blocks: ['VS_1', 'VS_2'] },
  targetSearch: { blocks: ['SZ_1', 'SZ_2'] },
} as const;
export type SimpleGameId = keyof typeof SIMPLE_GAMES;

/** `yes`: same (comparison) or the target (search); `no`: different, or not the target. */
export type Answer = 'yes' | 'no';

export interface Trial {
  readonly blockId: string;
  readonly trialIndex: number;
  /** Six digits (comparison) or one digit (search). */
  readonly stimulus: string;
  readonly correctAnswer: Answer;
}

const digit = (random: () => number) => String(Math.floor(random() * 10));

/** Correct answer of a comparison string: its halves are equal or not. */
export function comparisonAnswer(stimulus: string): Answer {
  return stimulus.slice(0, 3) === stimulus.slice(3, 6) ? 'yes' : 'no';
}

export function searchAnswer(stimulus: string): Answer {
  return stimulus === TARGET_DIGIT ? 'yes' : 'no';
}

/** Half the strings have equal halves; the others differ in exactly one digit (hard to spot). */
function comparisonBlock(blockId: string, random: () => number): Trial[] {
  const kinds = shuffle(Array.from({ length: TRIALS_PER_BLOCK }, (_, i) => i % 2 === 0), random);
  return kinds.map((same, trialIndex) => {
    const half = digit(random) + digit(random) + digit(random);
    let other = half;
    if (!same) {
      const at = Math.floor(random() * 3);
      const changed = String((Number(half[at]) + 1 + Math.floor(random() * 9)) % 10);
      other = half.slice(0, at) + changed + half.slice(at + 1);
    }
    const stimulus = half + other;
    return { blockId, trialIndex, stimulus, correctAnswer: comparisonAnswer(stimulus) };
  });
}

/** One third of the digits are the target; the rest are the other nine digits. */
function searchBlock(blockId: string, random: () => number): Trial[] {
  const others = ['0', '1', '2', '4', '5', '6', '7', '8', '9'];
  const kinds = shuffle(Array.from({ length: TRIALS_PER_BLOCK }, (_, i) => i % 3 === 0), random);
  return kinds.map((target, trialIndex) => {
    const stimulus = target ? TARGET_DIGIT : (others[Math.floor(random() * others.length)] as string);
    return { blockId, trialIndex, stimulus, correctAnswer: searchAnswer(stimulus) };
  });
}

/** Every block of a game, in order. */
export function makeBlocks(game: SimpleGameId, seed: number): Trial[][] {
  const random = seededRandom(seed);
  return SIMPLE_GAMES[game].blocks.map((blockId) => (game === 'comparison' ? comparisonBlock(blockId, random) : searchBlock(blockId, random)));
}

/** SPEC §3 game score per block. */
export interface BlockScore {
  readonly blockId: string;
  readonly correctResponses: number;
  readonly totalResponses: number;
  /** Mean RT of the correct responses, ms; null when there are none. */
  readonly meanCorrectRtMs: number | null;
}

export interface ScoredResponse {
  readonly blockId: string;
  readonly isCorrect: boolean;
  readonly rtMs: number;
}

export function scoreBlocks(blockIds: readonly string[], responses: readonly ScoredResponse[]): BlockScore[] {
  return blockIds.map((blockId) => {
    const own = responses.filter((r) => r.blockId === blockId);
    const correct = own.filter((r) => r.isCorrect);
    return {
      blockId,
      correctResponses: correct.length,
      totalResponses: own.length,
      meanCorrectRtMs: correct.length === 0 ? null : correct.reduce((sum, r) => sum + r.rtMs, 0) / correct.length,
    };
  });
}

/** The play's score: correct responses over all responses, 0–1. */
export function overallScore(blocks: readonly BlockScore[]): number {
  const total = blocks.reduce((sum, b) => sum + b.totalResponses, 0);
  return total === 0 ? 0 : blocks.reduce((sum, b) => sum + b.correctResponses, 0) / total;
}

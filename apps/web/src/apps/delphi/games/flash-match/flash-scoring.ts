/** Flash Match's pure scoring: each response scored, then correctResponses/totalResponses per block. */
import { FLASH_BLOCKS, type FlashBlock } from './flash-config';
import type { Stimulus } from './flash-stimuli';

export function isCorrectResponse(stimulus: Stimulus, answeredRight: boolean): boolean {
  return stimulus.expected === answeredRight;
}

export interface FlashAnswer {
  block: FlashBlock['id'];
  isCorrect: boolean;
}

export type BlockScores = Record<FlashBlock['id'], { correctResponses: number; totalResponses: number }>;

export function scoreFlashMatch(answers: readonly FlashAnswer[]): BlockScores {
  const scores = Object.fromEntries(FLASH_BLOCKS.map((b) => [b.id, { correctResponses: 0, totalResponses: 0 }])) as BlockScores;
  for (const answer of answers) {
    const entry = scores[answer.block];
    entry.totalResponses += 1;
    if (answer.isCorrect) entry.correctResponses += 1;
  }
  return scores;
}

/**
 * Counterbalanced option order (issue 11, ADR 014). The bank puts the right answer at positions
 * 1–3 only (15 of 30 at position 2), so options shown in bank order let a position strategy
 * score. Per participant, from a seed stored with the game: the correct answer's shown
 * position is balanced over the participant's questions (each position 7 or 8 times in 30,
 * which four get the eighth is seeded), assigned to questions in a seeded random order, and
 * the three distractors fill the other positions in a seeded random order.
 */
import { seededRandom, shuffle } from '../../../../game-kit/random/seeded-random';
import { OPTIONS_PER_QUESTION } from './quiz-config';

export interface ShownOrder {
  /** Bank option indexes in the order shown: `order[shownPosition] = bankIndex`. */
  order: number[];
  /** Where the right answer is shown (0-based). */
  correctPosition: number;
}

/** The shown order of every question (play order), from the participant's seed. */
export function counterbalance(seed: number, answers: readonly number[]): ShownOrder[] {
  const random = seededRandom(seed);
  const offset = Math.floor(random() * OPTIONS_PER_QUESTION);
  // Positions 0–3 cycled from a seeded start: each appears ⌊n/4⌋ or ⌈n/4⌉ times.
  const positions = shuffle(
    answers.map((_a, i) => (i + offset) % OPTIONS_PER_QUESTION),
    random,
  );
  return answers.map((answer, i) => {
    const correctPosition = positions[i] as number;
    const distractors = shuffle(
      Array.from({ length: OPTIONS_PER_QUESTION }, (_v, k) => k).filter((k) => k !== answer),
      random,
    );
    const order = [...distractors];
    order.splice(correctPosition, 0, answer);
    return { order, correctPosition };
  });
}

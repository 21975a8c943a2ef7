/** Seeded stimulus generators: the same seed always gives the same block. */
import { SEARCH_TARGET, TRIALS_PER_BLOCK } from './flash-config';
import { seededRandom, shuffle } from '../../../../game-kit/random/seeded-random';

export interface Stimulus {
  text: string;
  /** The right answer: true = right arrow (3 / halves identical). */
  expected: boolean;
}

function digit(random: () => number, except?: string): string {
  for (;;) {
    const d = String(Math.floor(random() * 10));
    if (d !== except) return d;
  }
}

/** Search: one digit per trial, exactly a third of them the target. */
export function searchBlock(seed: number, count = TRIALS_PER_BLOCK): Stimulus[] {
  const random = seededRandom(seed);
  const targets = Math.round(count / 3);
  const items: Stimulus[] = [];
  for (let i = 0; i < count; i++) {
    items.push(i < targets ? { text: SEARCH_TARGET, expected: true } : { text: digit(random, SEARCH_TARGET), expected: false });
  }
  return shuffle(items, random);
}

/** Comparison: six-digit strings, exactly half with identical halves, the others differing in one digit. */
export function comparisonBlock(seed: number, count = TRIALS_PER_BLOCK): Stimulus[] {
  const random = seededRandom(seed);
  const items: Stimulus[] = [];
  for (let i = 0; i < count; i++) {
    const half = [digit(random), digit(random), digit(random)];
    if (i < count / 2) {
      items.push({ text: half.join('') + half.join(''), expected: true });
    } else {
      const other = [...half];
      const at = Math.floor(random() * 3);
      other[at] = digit(random, half[at]);
      items.push({ text: half.join('') + other.join(''), expected: false });
    }
  }
  return shuffle(items, random);
}

/** SPEC §5: correct when the answer matches whether the two halves are equal. */
export function halvesIdentical(text: string): boolean {
  const middle = text.length / 2;
  return text.slice(0, middle) === text.slice(middle);
}

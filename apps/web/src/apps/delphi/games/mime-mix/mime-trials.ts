/**
 * The seeded trial lists (ADR 016): a practice round of 12 congruent faces (6 emotions × 2 cued
 * halves) and a main game of 84 (6 emotions × 2 cued halves × (2 congruent + 5 incongruent)).
 * The same seed always gives the same order, so every participant sees the same sequence.
 */
import { seededRandom } from '../../../../game-kit/random/seeded-random';
import {
  CONGRUENT_PER_CELL,
  EMOTIONS,
  HALVES,
  MAIN_SEED,
  PRACTICE_SEED,
  halfUnits,
  type ActionUnit,
  type Emotion,
  type Half,
} from './mime-config';

/** One chimeric face and the half the participant must read. */
export interface MimeTrial {
  /** Position in its round, from 0. */
  index: number;
  cuedHalf: Half;
  topEmotion: Emotion;
  bottomEmotion: Emotion;
  /** The emotion of the cued half: the right answer. */
  target: Emotion;
  /** The emotion of the other half (the same as `target` on a congruent face). */
  other: Emotion;
  congruent: boolean;
  topUnits: ActionUnit[];
  bottomUnits: ActionUnit[];
}

/** A face's two halves: the top from one emotion's prototype, the bottom from another's. */
export interface Chimera {
  topEmotion: Emotion;
  bottomEmotion: Emotion;
}

/** The stimulus id used in prompts and on the stimulus sheet, e.g. `fear/anger`: top/bottom. */
export function stimulusId(face: Chimera): string {
  return `${face.topEmotion}/${face.bottomEmotion}`;
}

function trialOf(cuedHalf: Half, target: Emotion, other: Emotion, index = 0): MimeTrial {
  const topEmotion = cuedHalf === 'top' ? target : other;
  const bottomEmotion = cuedHalf === 'top' ? other : target;
  return {
    index,
    cuedHalf,
    topEmotion,
    bottomEmotion,
    target,
    other,
    congruent: target === other,
    topUnits: halfUnits(topEmotion, 'top'),
    bottomUnits: halfUnits(bottomEmotion, 'bottom'),
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** At most this many trials in a row cue the same half (no long runs a participant could ride). */
export const MAX_SAME_HALF_RUN = 3;

/** True when no half is cued more than MAX_SAME_HALF_RUN times in a row and no face repeats at once. */
export function isBalancedOrder(trials: readonly MimeTrial[]): boolean {
  let run = 1;
  for (let i = 1; i < trials.length; i++) {
    const previous = trials[i - 1] as MimeTrial;
    const current = trials[i] as MimeTrial;
    run = previous.cuedHalf === current.cuedHalf ? run + 1 : 1;
    if (run > MAX_SAME_HALF_RUN) return false;
    if (previous.topEmotion === current.topEmotion && previous.bottomEmotion === current.bottomEmotion) return false;
  }
  return true;
}

/** Shuffles until the order is balanced (the same seed always takes the same number of tries). */
function orderedTrials(trials: MimeTrial[], seed: number): MimeTrial[] {
  const random = seededRandom(seed);
  for (;;) {
    shuffle(trials, random);
    if (isBalancedOrder(trials)) return trials.map((trial, index) => ({ ...trial, index }));
  }
}

/** The practice round: each emotion once per cued half, always congruent. */
export function practiceTrials(seed = PRACTICE_SEED): MimeTrial[] {
  const trials = HALVES.flatMap((half) => EMOTIONS.map((emotion) => trialOf(half, emotion, emotion)));
  return orderedTrials(trials, seed);
}

/** The main game: per emotion and cued half, CONGRUENT_PER_CELL congruent faces and one per other emotion. */
export function mainTrials(seed = MAIN_SEED): MimeTrial[] {
  const trials: MimeTrial[] = [];
  for (const half of HALVES) {
    for (const target of EMOTIONS) {
      for (let i = 0; i < CONGRUENT_PER_CELL; i++) trials.push(trialOf(half, target, target));
      for (const other of EMOTIONS) if (other !== target) trials.push(trialOf(half, target, other));
    }
  }
  return orderedTrials(trials, seed);
}

/** Every distinct face (6 × 6 = 36 chimeras, the 6 congruent ones on the diagonal), for the stimulus sheet. */
export function allFaces(): Chimera[] {
  return EMOTIONS.flatMap((topEmotion) => EMOTIONS.map((bottomEmotion) => ({ topEmotion, bottomEmotion })));
}

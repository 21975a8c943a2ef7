import { describe, expect, it } from 'vitest';
import { forwardFlow, globalScore, levelAverage, refusalMessage, scoreLevel1Round } from './word-links';

// [start, w1, w2, w3] with hand-picked distances.
const matrix = [
  [0, 60, 80, 70],
  [60, 0, 50, 90],
  [80, 50, 0, 40],
  [70, 90, 40, 0],
];

describe('Word Links scoring', () => {
  it('level 1: word scores are distances to the start word; the DAT score averages the pairs of words', () => {
    const { wordScores, roundScore, datScore } = scoreLevel1Round(matrix);
    expect(wordScores).toEqual([60, 80, 70]);
    expect(roundScore).toBe(70);
    expect(datScore).toBe((50 + 90 + 40) / 3);
  });

  it('level 2: forward flow averages each word’s mean distance to every earlier one', () => {
    const { wordFlows, averageScore } = forwardFlow(matrix);
    expect(wordFlows).toEqual([60, (80 + 50) / 2, (70 + 90 + 40) / 3]);
    expect(averageScore).toBeCloseTo((60 + 65 + 200 / 3) / 3, 10);
  });

  it('rounds the level averages and the global score (SPEC §9)', () => {
    expect(levelAverage([70.4, 71])).toBe(71);
    expect(levelAverage([])).toBe(0);
    expect(globalScore([71, 64])).toBe(68);
  });

  it('maps refusals to the SPEC §5 messages', () => {
    expect(refusalMessage('proper')).toBe('Write a noun that you have not written before. Proper nouns are not allowed.');
    expect(refusalMessage('repeat')).toBe(refusalMessage('proper'));
    expect(refusalMessage('multiWord')).toBe('Please enter a valid noun.');
    expect(refusalMessage('tooSimilar')).toBe('The word is too similar to the initial word.');
  });
});

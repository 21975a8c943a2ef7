import { describe, expect, it } from 'vitest';
import { TRIALS_PER_BLOCK, comparisonAnswer, makeBlocks, overallScore, scoreBlocks, searchAnswer } from './simple-games';

describe('simple games', () => {
  it('comparison: correct answer is "same" exactly when the two halves are equal (SPEC §5)', () => {
    expect(comparisonAnswer('482482')).toBe('yes');
    expect(comparisonAnswer('482428')).toBe('no');
    expect(comparisonAnswer('100101')).toBe('no');
  });

  it('target search: the target is 3', () => {
    expect(searchAnswer('3')).toBe('yes');
    expect(searchAnswer('8')).toBe('no');
  });

  it('makes two blocks of 42 per game, VS_1/VS_2 and SZ_1/SZ_2, reproducibly from the seed', () => {
    const comparison = makeBlocks('comparison', 42);
    expect(comparison.map((b) => [b[0]?.blockId, b.length])).toEqual([
      ['VS_1', TRIALS_PER_BLOCK],
      ['VS_2', TRIALS_PER_BLOCK],
    ]);
    for (const trial of comparison.flat()) {
      expect(trial.stimulus).toMatch(/^\d{6}$/);
      expect(trial.correctAnswer).toBe(comparisonAnswer(trial.stimulus));
    }
    expect(comparison[0]?.filter((t) => t.correctAnswer === 'yes')).toHaveLength(21);
    expect(makeBlocks('comparison', 42)).toEqual(comparison);
    expect(makeBlocks('comparison', 43)).not.toEqual(comparison);

    const search = makeBlocks('targetSearch', 7);
    expect(search.map((b) => [b[0]?.blockId, b.length])).toEqual([
      ['SZ_1', TRIALS_PER_BLOCK],
      ['SZ_2', TRIALS_PER_BLOCK],
    ]);
    expect(search[1]?.filter((t) => t.stimulus === '3')).toHaveLength(14);
    expect(search.flat().every((t) => /^\d$/.test(t.stimulus) && t.correctAnswer === searchAnswer(t.stimulus))).toBe(true);
  });

  it('scores each block as correct / total responses, and the play overall', () => {
    const blocks = scoreBlocks(['VS_1', 'VS_2'], [
      { blockId: 'VS_1', isCorrect: true, rtMs: 500 },
      { blockId: 'VS_1', isCorrect: false, rtMs: 300 },
      { blockId: 'VS_1', isCorrect: true, rtMs: 700 },
      { blockId: 'VS_2', isCorrect: false, rtMs: 400 },
    ]);
    expect(blocks).toEqual([
      { blockId: 'VS_1', correctResponses: 2, totalResponses: 3, meanCorrectRtMs: 600 },
      { blockId: 'VS_2', correctResponses: 0, totalResponses: 1, meanCorrectRtMs: null },
    ]);
    expect(overallScore(blocks)).toBe(0.5);
    expect(overallScore([])).toBe(0);
  });
});

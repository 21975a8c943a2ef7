import { describe, expect, it } from 'vitest';
import { FLASH_BLOCKS, FLASH_SEQUENCE, FLASH_STEPS, STAGE_PATHS, STAGE_STEP, TRIALS_PER_BLOCK } from './flash-config';
import { comparisonBlock, halvesIdentical, searchBlock } from './flash-stimuli';
import { isCorrectResponse, scoreFlashMatch } from './flash-scoring';
import { canMove, nextScreen } from '../../../../game-kit/random/sequence';

describe('Flash Match stimuli', () => {
  it('search blocks have 42 digits, a third of them the target 3, seeded', () => {
    const block = searchBlock(11);
    expect(block).toHaveLength(TRIALS_PER_BLOCK);
    expect(block.filter((s) => s.text === '3')).toHaveLength(14);
    for (const s of block) {
      expect(s.text).toMatch(/^\d$/);
      expect(s.expected).toBe(s.text === '3');
    }
    expect(searchBlock(11)).toEqual(block);
    expect(searchBlock(12)).not.toEqual(block);
  });

  it('comparison blocks have 42 six-digit strings, half with identical halves, seeded', () => {
    const block = comparisonBlock(21);
    expect(block).toHaveLength(TRIALS_PER_BLOCK);
    expect(block.filter((s) => s.expected)).toHaveLength(21);
    for (const s of block) {
      expect(s.text).toMatch(/^\d{6}$/);
      expect(s.expected).toBe(halvesIdentical(s.text));
    }
    expect(comparisonBlock(21)).toEqual(block);
  });
});

describe('Flash Match scoring', () => {
  it('right arrow is correct for a 3 / identical halves, left arrow otherwise', () => {
    expect(isCorrectResponse({ text: '3', expected: true }, true)).toBe(true);
    expect(isCorrectResponse({ text: '3', expected: true }, false)).toBe(false);
    expect(isCorrectResponse({ text: '123124', expected: false }, false)).toBe(true);
  });

  it('counts correct and total responses per block', () => {
    const scores = scoreFlashMatch([
      { block: 'SZ_1', isCorrect: true },
      { block: 'SZ_1', isCorrect: false },
      { block: 'VS_2', isCorrect: true },
    ]);
    expect(scores.SZ_1).toEqual({ correctResponses: 1, totalResponses: 2 });
    expect(scores.SZ_2).toEqual({ correctResponses: 0, totalResponses: 0 });
    expect(scores.VS_2).toEqual({ correctResponses: 1, totalResponses: 1 });
  });
});

describe('Flash Match sequence', () => {
  it('moves one way through the SPEC §4 order', () => {
    expect(FLASH_SEQUENCE.map((stage) => STAGE_PATHS[stage])).toEqual([
      '', 'SearchIntro', 'Search', 'SearchBreak', 'Search', 'SearchEnd', 'ComparisonIntro', 'Comparison', 'ComparisonBreak', 'Comparison', 'Feedback',
    ]);
    expect(nextScreen(FLASH_SEQUENCE, 'SZ_1')).toBe('searchBreak');
    expect(nextScreen(FLASH_SEQUENCE, 'feedback')).toBeNull();
    expect(canMove(FLASH_SEQUENCE, 'searchBreak', 'SZ_1')).toBe(false);
    expect(canMove(FLASH_SEQUENCE, 'VS_2', 'feedback')).toBe(true);
  });

  it('has the blocks and progress steps of SPEC §2 and §9', () => {
    expect(FLASH_BLOCKS.map((b) => b.id)).toEqual(['SZ_1', 'SZ_2', 'VS_1', 'VS_2']);
    expect(FLASH_STEPS).toHaveLength(6);
  });
});

describe('Flash Match progress steps', () => {
  it('name the task each info screen is titled with (issue 25 item 9: no "Search" on a comparison step)', () => {
    for (const stage of ['searchIntro', 'searchBreak', 'searchEnd'] as const) expect(FLASH_STEPS[STAGE_STEP[stage]], stage).toMatch(/^search/);
    for (const stage of ['comparisonIntro', 'comparisonBreak'] as const) expect(FLASH_STEPS[STAGE_STEP[stage]], stage).toMatch(/^comparison/);
  });
});

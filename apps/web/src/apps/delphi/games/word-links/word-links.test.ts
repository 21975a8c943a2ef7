import { describe, expect, it } from 'vitest';
import { WORD_LINKS_ROUNDS, distanceColour, nextPathAfter, roundAt } from './word-links-config';
import { summarise, type RoundResult } from './word-links-state';

describe('Word Links rounds', () => {
  it('are a practice round and five rounds per level, with the SPEC §9 start words', () => {
    expect(WORD_LINKS_ROUNDS.map((r) => `${r.id}:${r.startWord}:${r.words}`)).toEqual([
      'L1_P:Bench:5', 'L1_1:Train:5', 'L1_2:Steam:5', 'L1_3:Page:5', 'L1_4:Sink:5', 'L1_5:Fence:5',
      'L2_P:Bench:10', 'L2_1:Belt:10', 'L2_2:Tea:10', 'L2_3:Net:10', 'L2_4:Earth:10', 'L2_5:Tray:10',
    ]);
    expect(roundAt(2, 'practice')?.id).toBe('L2_P');
    expect(roundAt(1, '3')?.startWord).toBe('Page');
    expect(roundAt(1, '6')).toBeUndefined();
    expect(roundAt(1, 'x')).toBeUndefined();
  });

  it('show each practice round its results before the rounds that count (issue 25 item 7)', () => {
    const path = (id: string) => nextPathAfter(WORD_LINKS_ROUNDS.find((r) => r.id === id)!);
    expect(path('L1_P')).toBe('/WordLinks/level1/round/practice/results');
    expect(path('L1_1')).toBe('/WordLinks/level1/2');
    expect(path('L1_5')).toBe('/WordLinks');
    expect(path('L2_P')).toBe('/WordLinks/level2/round/practice/results');
    expect(path('L2_3')).toBe('/WordLinks/level2/round/3/results');
  });

  it('average the scored rounds per level, leave practice out, and round (SPEC §9)', () => {
    const result = (id: string, score: number): RoundResult => {
      const round = WORD_LINKS_ROUNDS.find((r) => r.id === id);
      if (!round) throw new Error(id);
      return { round, words: [], matrix: [], score };
    };
    const results = [
      result('L1_P', 0), result('L1_1', 70), result('L1_2', 71), result('L1_3', 72), result('L1_4', 73), result('L1_5', 74.4),
      result('L2_P', 0), result('L2_1', 60), result('L2_2', 61), result('L2_3', 62), result('L2_4', 63), result('L2_5', 64.6),
    ];
    // Level 1: 360.4 / 5 = 72.08 → 72; level 2: 310.6 / 5 = 62.12 → 62; global: 67.
    expect(summarise(results)).toEqual({ level1: 72, level2: 62, global: 67 });
  });

  it('colours close pairs warm and distant pairs cool, light enough for dark text', () => {
    expect(distanceColour(0)).toBe('hsl(20 75% 82%)');
    expect(distanceColour(100)).toBe('hsl(210 75% 90%)');
    expect(distanceColour(150)).toBe(distanceColour(100));
  });
});

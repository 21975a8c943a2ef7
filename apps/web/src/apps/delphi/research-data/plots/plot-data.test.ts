import { describe, expect, it } from 'vitest';
import { accuracyBars, percent, rowShares, rtBars } from './plot-data';

describe('plot data mapping', () => {
  it('turns RT bins into shares of their panel, for the group and the participant apart', () => {
    const bars = rtBars(
      [
        { condition: 'yes', block: 'SZ_1', binStart: 400, group: 3, participant: 1 },
        { condition: 'yes', block: 'SZ_1', binStart: 450, group: 1, participant: 0 },
        { condition: 'no', block: 'SZ_1', binStart: 600, group: 2, participant: 0 },
      ],
      50,
    );
    expect(bars.map((b) => [b.panel, b.x1, b.x2, b.groupShare, b.participantShare])).toEqual([
      ['yes · SZ_1', 400, 450, 0.75, 1],
      ['yes · SZ_1', 450, 500, 0.25, 0],
      // The participant has no responses in this panel: no share, not 0 %.
      ['no · SZ_1', 600, 650, 1, null],
    ]);
  });

  it('labels accuracy bars once when block and category are the same, and leaves an unscored participant out', () => {
    const bars = accuracyBars([
      { block: 'Science', category: 'Science', groupScored: 4, groupCorrect: 3, participantScored: 0, participantCorrect: 0 },
      { block: 'SZ_1', category: 'Search', groupScored: 10, groupCorrect: 9, participantScored: 2, participantCorrect: 1 },
    ]);
    expect(bars.map((b) => [b.label, b.groupAccuracy, b.participantAccuracy])).toEqual([
      ['Science', 0.75, null],
      ['SZ_1 · Search', 0.9, 0.5],
    ]);
    expect(percent(0.755)).toBe('76 %');
    expect(percent(null)).toBe('—');
  });

  it('shades matrix cells by their share of the row', () => {
    const cells = rowShares([
      { row: 'happy', column: 'happy', group: 3, participant: 1 },
      { row: 'happy', column: 'sad', group: 1, participant: 0 },
      { row: 'fear', column: 'none', group: 2, participant: 0 },
    ]);
    expect(cells.map((c) => c.rowShare)).toEqual([0.75, 0.25, 1]);
  });
});

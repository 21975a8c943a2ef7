import { describe, expect, it } from 'vitest';
import { bandCounts } from './score-chart';

describe('score distribution', () => {
  it('puts scores into ten bands, 1.0 in the last', () => {
    expect(bandCounts([0, 0.05, 0.1, 0.55, 0.99, 1, Number.NaN])).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
  });
});

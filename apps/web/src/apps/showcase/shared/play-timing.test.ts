import { describe, expect, it } from 'vitest';
import { reactionTime } from './play-timing';

describe('showcase timing', () => {
  it('measures RT as event timeStamp minus onset, exactly, with sub-ms precision', () => {
    expect(reactionTime(1016.6667, 1500.25)).toEqual({ anticipation: false, rtMs: 1500.25 - 1016.6667 });
    expect(reactionTime(1000, 1000)).toEqual({ anticipation: false, rtMs: 0 });
  });

  it('never clamps: an input before the onset, or before it is known, is an anticipation', () => {
    expect(reactionTime(1000, 999.5)).toEqual({ anticipation: true, rtMs: null });
    expect(reactionTime(null, 5000)).toEqual({ anticipation: true, rtMs: null });
  });
});

import { describe, expect, it } from 'vitest';
import { fittedHeight } from './fit-to-screen';

describe('fittedHeight', () => {
  const limits = { minPx: 120, maxPx: 320, marginPx: 8 };

  it('shrinks the stimulus by what the answers overflow the screen (a cue wrapped to two lines)', () => {
    // Answers end at 648 on a 640 px screen: the box gives up 16 px (8 over, 8 margin).
    expect(fittedHeight(240, 648, 640, limits)).toBe(224);
  });

  it('grows it into room left over, never above maxPx', () => {
    expect(fittedHeight(240, 600, 640, limits)).toBe(272);
    expect(fittedHeight(240, 300, 800, limits)).toBe(320);
  });

  it('keeps at least minPx on a very short screen (the page then scrolls)', () => {
    expect(fittedHeight(168, 700, 480, limits)).toBe(120);
  });

  it('is stable once fitted', () => {
    expect(fittedHeight(224, 632, 640, limits)).toBe(224);
  });
});

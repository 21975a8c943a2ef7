import { describe, expect, it } from 'vitest';
import { measureOnset, reactionTime } from './timing';
import type { FrameClock } from './timing';

/** A frame clock the test drives: frames run when the test says, at the time it says. */
function fakeClock() {
  const pending = new Map<number, (time: number) => void>();
  let next = 1;
  const clock: FrameClock = {
    requestAnimationFrame: (callback) => {
      pending.set(next, callback);
      return next++;
    },
    cancelAnimationFrame: (handle) => void pending.delete(handle),
  };
  const frame = (time: number) => {
    const callbacks = [...pending.values()];
    pending.clear();
    for (const callback of callbacks) callback(time);
  };
  return { clock, frame };
}

describe('showcase timing', () => {
  it('takes the onset from the frame callback time, not from when it was asked', () => {
    const { clock, frame } = fakeClock();
    let onset: number | null = null;
    measureOnset(clock, (time) => (onset = time));
    expect(onset).toBeNull();
    frame(1016.6667);
    expect(onset).toBe(1016.6667);
    // Only the first frame counts.
    frame(1033.3333);
    expect(onset).toBe(1016.6667);
  });

  it('measures RT as event timeStamp minus onset, exactly, with sub-ms precision', () => {
    expect(reactionTime(1016.6667, 1500.25)).toEqual({ anticipation: false, rtMs: 1500.25 - 1016.6667 });
    expect(reactionTime(1000, 1000)).toEqual({ anticipation: false, rtMs: 0 });
  });

  it('never clamps: an input before the onset, or before it is known, is an anticipation', () => {
    expect(reactionTime(1000, 999.5)).toEqual({ anticipation: true, rtMs: null });
    expect(reactionTime(null, 5000)).toEqual({ anticipation: true, rtMs: null });
  });

  it('a cancelled measurement reports nothing', () => {
    const { clock, frame } = fakeClock();
    let onset: number | null = null;
    const cancel = measureOnset(clock, (time) => (onset = time));
    cancel();
    frame(10);
    expect(onset).toBeNull();
  });
});

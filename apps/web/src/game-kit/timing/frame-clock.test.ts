import { describe, expect, it } from 'vitest';
import { changeInFrame, frameInProgress, measureOnset, onsetFrame } from './frame-clock';
import type { FrameClock } from './frame-clock';

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

describe('the onset frame (moved from the showcase timing, ADR 062)', () => {
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

  it('a cancelled measurement reports nothing', () => {
    const { clock, frame } = fakeClock();
    let onset: number | null = null;
    const cancel = measureOnset(clock, (time) => (onset = time));
    cancel();
    frame(10);
    expect(onset).toBeNull();
  });

  it('a commit made inside a frame (the display scheduler) is presented by that frame, not the next', async () => {
    const { clock, frame } = fakeClock();
    const onsets: number[] = [];
    changeInFrame(500, () => {
      expect(frameInProgress()).toBe(500);
      onsetFrame(clock, (time) => onsets.push(time));
      // An effect cleaned up at once (StrictMode) reports nothing.
      onsetFrame(clock, (time) => onsets.push(-time))();
    });
    await Promise.resolve();
    expect(onsets).toEqual([500]);
    expect(frameInProgress()).toBeNull();
    // Outside a frame: the next frame presents it.
    onsetFrame(clock, (time) => onsets.push(time));
    frame(516.7);
    expect(onsets).toEqual([500, 516.7]);
  });
});

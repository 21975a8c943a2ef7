/**
 * The React side of the stimulus clock (ADR 013): the game names its stimulus by a key (null
 * while none is shown); the first animation frame after React commits a new key presents it,
 * and that frame's own time argument is the onset. A rAF loop measures the frame interval of
 * the round (`round`: a new value starts a new median).
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { TimedInput } from './timing';
import { StimulusClock, type ClockHandlers } from './stimulus-clock';
import { onsetFrame } from './frame-clock';

export function useStimulusClock<G extends TimedInput = TimedInput>(
  key: string | number | null,
  handlers: ClockHandlers<G>,
  round?: string,
): StimulusClock<G> {
  const [clock] = useState(() => new StimulusClock<G>());
  // The latest handlers: only a new key is a new onset.
  clock.handlers = handlers;

  useEffect(() => {
    let id = 0;
    const loop = (time: number) => {
      clock.frame(time);
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => {
      cancelAnimationFrame(id);
      clock.dispose();
    };
  }, [clock]);

  useEffect(() => {
    clock.frames.reset();
  }, [clock, round]);

  // A layout effect runs right after the commit, before the browser renders it: the first rAF
  // requested here runs in the frame that paints the stimulus (not a later one) — or, for a
  // commit made inside a frame by the display scheduler, that frame itself (frame-clock.ts).
  useLayoutEffect(() => {
    clock.withdraw();
    if (key === null) return;
    return onsetFrame(window, (frameTime) => clock.present(String(key), frameTime));
  }, [clock, key]);

  return clock;
}

/**
 * Kept for games that only need the onset: backed by the timing module (ADR 013). New code uses
 * `useStimulusClock` from `../timing`, which also times responses and anticipations.
 */
import { useLayoutEffect, useRef } from 'react';
import { toEpoch } from '../timing/timing';

export { eventEpoch } from '../timing/timing';

/**
 * Calls `onOnset` with the stimulus onset in epoch ms: the time argument of the animation frame
 * that first presents the stimulus (the first rAF after React committed it), on the
 * `performance.timeOrigin` clock, the same clock as event `timeStamp`s.
 */
export function useStimulusOnset(key: string | number | null, onOnset: (promptedAt: number) => void): void {
  // The latest callback, so that only a new stimulus (key) counts as a new onset.
  const callback = useRef(onOnset);
  callback.current = onOnset;
  useLayoutEffect(() => {
    if (key === null) return;
    const id = requestAnimationFrame((frameTime) => callback.current(toEpoch(frameTime)));
    return () => cancelAnimationFrame(id);
  }, [key]);
}

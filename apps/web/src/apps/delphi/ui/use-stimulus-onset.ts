import { useLayoutEffect, useRef } from 'react';

/**
 * Calls `onOnset` with the stimulus onset in epoch ms: `performance.now()` read in the second
 * animation frame after React committed the stimulus, i.e. once it has been painted, on the
 * same clock as event `timeStamp`s (`performance.timeOrigin` based).
 */
export function useStimulusOnset(key: string | number | null, onOnset: (promptedAt: number) => void): void {
  // The latest callback, so that only a new stimulus (key) counts as a new onset.
  const callback = useRef(onOnset);
  callback.current = onOnset;
  useLayoutEffect(() => {
    if (key === null) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => callback.current(performance.timeOrigin + performance.now()));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [key]);
}

/** The epoch time of an input event, from its high-resolution `timeStamp`. */
export function eventEpoch(event: { timeStamp: number }): number {
  return performance.timeOrigin + event.timeStamp;
}

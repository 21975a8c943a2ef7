/**
 * The onset alone, for games that need no response clock (ADR 013): the presenting frame of a
 * stimulus (frame-clock.ts), on the `performance.timeOrigin` clock, the same clock as event
 * `timeStamp`s. New code that times responses uses `useStimulusClock`.
 */
import { useLayoutEffect, useRef } from 'react';
import { onsetFrame } from './frame-clock';
import { toEpoch } from './timing';

export { eventEpoch } from './timing';

/** Calls `onOnset` with the stimulus onset in epoch ms, once per new `key` (null: nothing shown). */
export function useStimulusOnset(key: string | number | null, onOnset: (promptedAt: number) => void): void {
  // The latest callback, so that only a new stimulus (key) counts as a new onset.
  const callback = useRef(onOnset);
  callback.current = onOnset;
  useLayoutEffect(() => {
    if (key === null) return;
    return onsetFrame(window, (frameTime) => callback.current(toEpoch(frameTime)));
  }, [key]);
}

/**
 * The onset frame's time (performance clock) of the stimulus `key`, as a ref that is null until
 * the frame presenting it has started (`key` null: no stimulus on screen).
 */
export function useOnsetRef(key: string | null): { readonly current: number | null } {
  const onset = useRef<number | null>(null);
  useLayoutEffect(() => {
    onset.current = null;
    if (key === null) return;
    return onsetFrame(window, (frameTime) => {
      onset.current = frameTime;
    });
  }, [key]);
  return onset;
}

/**
 * Stimulus timing of the showcase games (DESIGN §7, issue 15), in one small file of its own.
 * - Onset: the time argument of the `requestAnimationFrame` callback of the frame that first
 *   presents the stimulus. The frame is requested in a layout effect, i.e. after React has
 *   put the stimulus into the DOM and before the browser paints it, so the callback runs at
 *   the start of exactly the frame that paints it.
 * - RT: the input event's `timeStamp` minus that onset, both on the `performance` clock, kept
 *   with sub-ms precision and never clamped. An input before the onset (or before it is known)
 *   is an anticipation: logged as such, never a response.
 */
import { useLayoutEffect, useRef } from 'react';

export interface FrameClock {
  requestAnimationFrame(callback: (time: number) => void): number;
  cancelAnimationFrame(handle: number): void;
}

/** Calls `onOnset(frameTime)` once, in the next frame; answers a cancel function. */
export function measureOnset(clock: FrameClock, onOnset: (frameTime: number) => void): () => void {
  const handle = clock.requestAnimationFrame((time) => onOnset(time));
  return () => clock.cancelAnimationFrame(handle);
}

export type Timing = { anticipation: false; rtMs: number } | { anticipation: true; rtMs: null };

/** RT of an input at `eventTimeStamp` for a stimulus whose onset is `onset` (null: not yet shown). */
export function reactionTime(onset: number | null, eventTimeStamp: number): Timing {
  if (onset === null || eventTimeStamp < onset) return { anticipation: true, rtMs: null };
  return { anticipation: false, rtMs: eventTimeStamp - onset };
}

/** `performance.timeOrigin` + a `performance`-clock time: the epoch ms every record keeps raw. */
export function toEpoch(performanceTime: number): number {
  return performance.timeOrigin + performanceTime;
}

/**
 * The onset of the stimulus identified by `key` (a new key = a new stimulus), as a ref that is
 * null until the frame presenting it has started. `key` null: no stimulus on screen.
 */
export function useOnset(key: string | null): { readonly current: number | null } {
  const onset = useRef<number | null>(null);
  useLayoutEffect(() => {
    onset.current = null;
    if (key === null) return;
    return measureOnset(window, (time) => {
      onset.current = time;
    });
  }, [key]);
  return onset;
}

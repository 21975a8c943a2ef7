/**
 * The React side of a timed display (ADR 062): `key` names the display on screen (null: none; a
 * new key is a new display). From its presenting frame, frames are counted (display-timer.ts);
 * the frame that ends it calls `onEnd(timing)` inside that frame's rAF callback, in `flushSync`,
 * so whatever `onEnd` commits (the next display, a blank) is painted by that same frame and
 * takes it as its onset: displays chained this way abut on frame boundaries, with no gap.
 */
import { useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { DisplayTimer, type DisplayTiming } from './display-timer';
import { changeInFrame, onsetFrame } from './frame-clock';
import { toEpoch } from './timing';

/** The refresh period the last display was counted in: the next display's first guess. */
let lastInterval: number | null = null;

export interface TimedDisplayHandlers {
  /** The display's presenting frame (epoch ms, as `promptedAt`). */
  onOnset?: (promptedAt: number) => void;
  /** The frame that removes it: its timing and the onset (epoch ms). Runs in `flushSync` inside that frame. */
  onEnd: (timing: DisplayTiming, promptedAt: number) => void;
}

export function useTimedDisplay(key: string | null, plannedMs: number, handlers: TimedDisplayHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useLayoutEffect(() => {
    if (key === null) return;
    const timer = new DisplayTimer(plannedMs, lastInterval);
    let id = 0;
    let live = true;
    let promptedAt = 0;
    const tick = (time: number) => {
      if (!live) return;
      if (!timer.frame(time)) {
        id = requestAnimationFrame(tick);
        return;
      }
      live = false;
      const timing = timer.end(time);
      lastInterval = timer.periodMs;
      changeInFrame(time, () => flushSync(() => latest.current.onEnd(timing, promptedAt)));
    };
    const cancelOnset = onsetFrame(window, (frameTime) => {
      timer.start(frameTime);
      promptedAt = toEpoch(frameTime);
      latest.current.onOnset?.(promptedAt);
      id = requestAnimationFrame(tick);
    });
    return () => {
      live = false;
      cancelOnset();
      cancelAnimationFrame(id);
    };
  }, [key, plannedMs]);
}

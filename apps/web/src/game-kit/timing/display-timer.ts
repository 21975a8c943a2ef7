/**
 * A display with a planned duration, shown and removed on frame boundaries (ADR 062, issue 28
 * item 6). Plain TypeScript, driven by animation frames (use-timed-display.ts in the page, a
 * fake clock in tests).
 *
 * - The display's onset is its presenting frame (frame-clock.ts); from there frames are counted.
 * - It lasts the plan rounded to whole frames of the screen's refresh period, at least one: the
 *   first frame at least `plan − ½ period` after the onset frame removes it (so at 60 Hz a
 *   750 ms disc is removed by the 45th frame, with half a frame of tolerance for the jitter of
 *   rAF times). The period is the shortest frame delta seen (rAF times sit on the vsync grid; a
 *   dropped frame lengthens a delta, never shortens it), so dropped frames neither end a display
 *   early nor lengthen it: they are counted. Counting is by frame time, not by callbacks.
 * - Actual duration = the removing frame's time − the onset frame's time: the time the display
 *   was on screen, in whole frames of this screen.
 */
import { median } from './timing';

/** 60 Hz, until the loop has measured the screen's own interval. */
export const ASSUMED_FRAME_MS = 1000 / 60;

/** What a timed display logs with its prompt (ms to 3 decimals, a microsecond). */
export interface DisplayTiming {
  /** The planned duration (after the game's time scale). */
  plannedMs: number;
  /** Onset frame to the frame that removed it. */
  shownMs: number;
  /** Frames it was on screen: `shownMs` in frame intervals, rounded. */
  shownFrames: number;
  /** Frames the browser did not produce while it was on screen (a delta of k intervals drops k − 1). */
  droppedFrames: number;
  /** The median frame interval while it was shown (the interval it was counted in). */
  frameIntervalMs: number;
}

const ms3 = (value: number) => Math.round(value * 1000) / 1000;

/** Deltas under this (above 250 Hz) are not a screen's frames (two callbacks of one frame, a test's noise). */
const MIN_PERIOD_MS = 4;

export class DisplayTimer {
  private onset: number | null = null;
  private last: number | null = null;
  private deltas: number[] = [];
  private readonly guess: number;

  /** `frameIntervalMs`: the screen's period measured so far (null: not yet; 60 Hz assumed until this display's own frames show it). */
  constructor(
    readonly plannedMs: number,
    frameIntervalMs: number | null,
  ) {
    this.guess = frameIntervalMs ?? ASSUMED_FRAME_MS;
  }

  /** The frame the display was presented by. */
  start(onsetFrameTime: number): void {
    this.onset = onsetFrameTime;
    this.last = onsetFrameTime;
  }

  get started(): boolean {
    return this.onset !== null;
  }

  /** The screen's refresh period: the shortest frame delta seen, else the guess. */
  get periodMs(): number {
    const real = this.deltas.filter((delta) => delta >= MIN_PERIOD_MS);
    return real.length > 0 ? Math.min(...real) : this.guess;
  }

  /** Frames to show: the plan in whole frames of the period, at least one. */
  get plannedFrames(): number {
    return Math.max(1, Math.round(this.plannedMs / this.periodMs));
  }

  /** Every later frame: true when this frame must remove the display (its timing is then `end(time)`). */
  frame(time: number): boolean {
    if (this.onset === null || this.last === null || time <= this.last) return false;
    this.deltas.push(time - this.last);
    this.last = time;
    return time - this.onset >= (this.plannedFrames - 0.5) * this.periodMs;
  }

  /** The display is removed by the frame at `time`: its timing. */
  end(time: number): DisplayTiming {
    const onset = this.onset ?? time;
    const period = this.periodMs;
    // The frame interval as ADR 013 defines it: the median delta (a hidden tab's over a second left out).
    const steady = this.deltas.filter((delta) => delta < 1000);
    const dropped = this.deltas.reduce((sum, delta) => sum + Math.max(0, Math.round(delta / period) - 1), 0);
    return {
      plannedMs: ms3(this.plannedMs),
      shownMs: ms3(time - onset),
      shownFrames: Math.round((time - onset) / period),
      droppedFrames: dropped,
      frameIntervalMs: ms3(steady.length > 0 ? (median(steady) as number) : period),
    };
  }
}

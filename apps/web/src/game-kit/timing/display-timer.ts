/**
 * A display with a planned duration, shown and removed on frame boundaries (ADR 062, issue 28
 * item 6). Plain TypeScript, driven by animation frames (use-timed-display.ts in the page, a
 * fake clock in tests).
 *
 * - The display's onset is its presenting frame (frame-clock.ts); from there frames are counted.
 * - It lasts `n = max(1, round(planned / interval))` frames of the measured frame interval: it is
 *   removed by the first frame whose time is at least `(n − ½) · interval` after the onset frame
 *   (half a frame of tolerance for the jitter of rAF times). Counting by time, not callbacks,
 *   means a dropped frame does not lengthen the display; it is counted instead.
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

export class DisplayTimer {
  private onset: number | null = null;
  private last: number | null = null;
  private deltas: number[] = [];
  private interval: number;

  /** `frameIntervalMs`: the screen's interval measured so far (null: not yet, 60 Hz assumed until measured here). */
  constructor(
    readonly plannedMs: number,
    frameIntervalMs: number | null,
  ) {
    this.interval = frameIntervalMs ?? ASSUMED_FRAME_MS;
  }

  /** The frame the display was presented by. */
  start(onsetFrameTime: number): void {
    this.onset = onsetFrameTime;
    this.last = onsetFrameTime;
  }

  get started(): boolean {
    return this.onset !== null;
  }

  /** Frames to show: the plan in whole frames of the interval, at least one. */
  get plannedFrames(): number {
    return Math.max(1, Math.round(this.plannedMs / this.interval));
  }

  /** Every later frame: true when this frame must remove the display (its end is then `end(time)`). */
  frame(time: number): boolean {
    if (this.onset === null || this.last === null || time <= this.last) return false;
    this.deltas.push(time - this.last);
    this.last = time;
    // The interval the display is counted in: what this display's own frames show, once two are in
    // (deltas over a second, a hidden tab, left out as in the frame meter).
    const steady = this.deltas.filter((delta) => delta < 1000);
    if (steady.length >= 2) this.interval = median(steady) as number;
    return time - this.onset >= (this.plannedFrames - 0.5) * this.interval;
  }

  /** The display is removed by the frame at `time`: its timing. */
  end(time: number): DisplayTiming {
    const onset = this.onset ?? time;
    const steady = this.deltas.filter((delta) => delta < 1000);
    const interval = steady.length > 0 ? (median(steady) as number) : this.interval;
    const dropped = this.deltas.reduce((sum, delta) => sum + Math.max(0, Math.round(delta / interval) - 1), 0);
    return {
      plannedMs: ms3(this.plannedMs),
      shownMs: ms3(time - onset),
      shownFrames: Math.round((time - onset) / interval),
      droppedFrames: dropped,
      frameIntervalMs: ms3(interval),
    };
  }
}

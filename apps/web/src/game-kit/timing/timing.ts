/**
 * The one definition of a reaction time in every game, delphi's and the showcase's (ADR 013, issue 11; ADR 062).
 *
 * - Onset: the `requestAnimationFrame` callback's own time argument of the frame that first
 *   presents the stimulus (the first rAF requested after React committed it: that frame's
 *   style, layout and paint include the stimulus), on the `performance.timeOrigin` clock.
 * - Response time: the input event's `timeStamp` − onset, in ms, sub-ms, never clamped.
 * - An input before onset is an anticipation: its signed time (negative) is kept, it is never
 *   scored and never a response. An input while no stimulus is presented yet waits for the
 *   next onset and is then reported as an anticipation of it.
 * - The frame interval: the median `requestAnimationFrame` delta, measured per round.
 *
 * Both times are also kept as epoch ms (`performance.timeOrigin + t`), so a researcher can
 * recompute every RT from the raw `promptedAt` and `respondedAt`.
 */

/** Epoch ms of a time on the page's high-resolution clock (a rAF time or an event `timeStamp`). */
export function toEpoch(time: number): number {
  return performance.timeOrigin + time;
}

/** The epoch time of an input event, from its high-resolution `timeStamp`. */
export function eventEpoch(event: { timeStamp: number }): number {
  return toEpoch(event.timeStamp);
}

/** The frame that first presented a stimulus. */
export interface Onset {
  /** The stimulus (the game's key for it). */
  key: string;
  /** The rAF callback's time argument (performance clock, ms). */
  frameTime: number;
  /** `performance.timeOrigin + frameTime`: the `promptedAt` a game logs. */
  promptedAt: number;
}

/** An input to time: its event's `timeStamp` (performance clock) and epoch time. */
export interface TimedInput {
  /** The event's `timeStamp` (performance clock, ms). */
  eventTime: number;
  /** `performance.timeOrigin + eventTime`: the `respondedAt` a game logs. */
  respondedAt: number;
}

/** What an input is, against the stimulus presented (or not yet) when it came. */
export type Timed =
  | { kind: 'response'; promptedAt: number; respondedAt: number; rtMs: number }
  | { kind: 'anticipation'; promptedAt: number | null; respondedAt: number; signedMs: number | null };

/**
 * THE timing function: a response with its `rtMs` (event `timeStamp` − onset frame time,
 * ≥ 0), or an anticipation with its signed time (< 0, before the onset frame) — or, with no
 * onset yet, an anticipation whose signed time is not known until the stimulus is presented.
 * Computed on the performance clock (small numbers, exact to the clock's resolution).
 */
export function timeInput(input: TimedInput, onset: Onset | null): Timed {
  if (onset === null) return { kind: 'anticipation', promptedAt: null, respondedAt: input.respondedAt, signedMs: null };
  const ms = input.eventTime - onset.frameTime;
  if (ms < 0) return { kind: 'anticipation', promptedAt: onset.promptedAt, respondedAt: input.respondedAt, signedMs: ms };
  return { kind: 'response', promptedAt: onset.promptedAt, respondedAt: input.respondedAt, rtMs: ms };
}

/** The median of some numbers; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The q-quantile (0–1) of some numbers, linearly interpolated; null for none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (position - low);
}

/** A frame interval in ms with at most 3 decimals (a microsecond). */
function roundMs(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Frame deltas of the current round: the median rAF delta shows a 30, 60 or 144 Hz screen
 * (and a throttled one). Deltas over a second (a hidden tab, a debugger) are left out.
 */
export class FrameMeter {
  private deltas: number[] = [];
  private last: number | null = null;

  /** A rAF callback's time argument. */
  frame(time: number): void {
    if (this.last !== null) {
      const delta = time - this.last;
      if (delta > 0 && delta < 1000) this.deltas.push(delta);
    }
    this.last = time;
  }

  /** A new round: its own median. */
  reset(): void {
    this.deltas = [];
  }

  /** The round's median rAF delta so far, ms (3 decimals), or null before two frames. */
  intervalMs(): number | null {
    const value = median(this.deltas);
    return value === null ? null : roundMs(value);
  }

  /**
   * Frame jitter: the interquartile range of the rAF deltas so far, ms (3 decimals), or null
   * before two deltas. Robust to one long frame (a tab switch), unlike a standard deviation.
   */
  spreadMs(): number | null {
    if (this.deltas.length < 2) return null;
    return roundMs((quantile(this.deltas, 0.75) as number) - (quantile(this.deltas, 0.25) as number));
  }

  get frames(): number {
    return this.deltas.length;
  }
}

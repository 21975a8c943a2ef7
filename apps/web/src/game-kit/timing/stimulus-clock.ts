/**
 * A game's clock for its stimuli (ADR 013): which stimulus is presented and since which frame,
 * the inputs that came before it (anticipations), and the frame interval of the round.
 * Plain TypeScript (the hook in use-stimulus-clock.ts drives it from animation frames).
 */
import { FrameMeter, timeInput, toEpoch, type Onset, type TimedInput } from './timing';

/** A response to the presented stimulus, timed from its onset frame. */
export interface ResponseTiming {
  promptedAt: number;
  respondedAt: number;
  /** Event `timeStamp` − onset frame time, ms, ≥ 0, sub-ms, never clamped. */
  rtMs: number;
  /** The round's median rAF delta so far (ms), null before two frames. */
  frameIntervalMs: number | null;
}

/** An input that came before the onset of the stimulus it is reported against. */
export type Anticipation<G extends TimedInput> = G & {
  /** The onset of the stimulus it came before. */
  promptedAt: number;
  /** `respondedAt − promptedAt`: negative, ms, sub-ms. */
  signedMs: number;
  frameIntervalMs: number | null;
};

export interface ClockHandlers<G extends TimedInput> {
  /** The stimulus was first presented: log the prompt here (before any anticipation of it is reported). */
  onOnset: (promptedAt: number, onset: Onset) => void;
  /** An input before the onset, reported once the onset is known (right after `onOnset`). */
  onAnticipation?: (anticipation: Anticipation<G>) => void;
}

export class StimulusClock<G extends TimedInput = TimedInput> {
  private current: Onset | null = null;
  private waiting: G[] = [];
  readonly frames = new FrameMeter();
  /**
   * When the game's screen made this clock (`performance.now()`, in its first render): an input
   * stamped before it was made on the screen before (issue 23: Start answers in the tap's own
   * task, so a double tap's second touch lands on the game) and is no input to this game.
   */
  readonly since = performance.now();
  handlers: ClockHandlers<G> = { onOnset: () => {} };
  /**
   * Where an input that waited for the next onset goes when it turns out to be a response to
   * it (stamped at or after the onset frame: ADR 013 amended, issue 25). The game kit's input
   * hooks set it at every render to the game's latest response handler, so the response is
   * judged against the stimulus it answers, not the one on screen when the input came.
   */
  responder: ((timed: G & ResponseTiming) => void) | null = null;

  /** The onset of the stimulus presented now, or null (none yet, or withdrawn). */
  get onset(): Onset | null {
    return this.current;
  }

  /** Every animation frame (the frame interval). */
  frame(time: number): void {
    this.frames.frame(time);
  }

  /** The frame `frameTime` presents the stimulus `key`: onset, then the anticipations that waited for it. */
  present(key: string, frameTime: number): Onset {
    const onset: Onset = { key, frameTime, promptedAt: toEpoch(frameTime) };
    this.current = onset;
    this.handlers.onOnset(onset.promptedAt, onset);
    const waiting = this.waiting;
    this.waiting = [];
    // The sign decides (ADR 013): before the onset frame an anticipation, at or after it a
    // response — however late the page handled the input relative to the frame's callback.
    for (const input of waiting) {
      const timed = input.eventTime >= onset.frameTime ? this.time(input) : null;
      if (timed) this.responder?.(timed);
      else if (input.eventTime < onset.frameTime) this.anticipated(input, onset);
    }
    return onset;
  }

  /** The stimulus is gone (answered, or replaced by a blank): inputs wait for the next onset. */
  withdraw(): void {
    this.current = null;
  }

  /** Inputs that waited for a stimulus that never came (the game ended) are dropped. */
  dispose(): void {
    this.current = null;
    this.waiting = [];
  }

  /**
   * Times an input: a response (returned, with its RT) or an anticipation (reported to
   * `onAnticipation`, now if it came before the presented stimulus's onset frame); null for an
   * anticipation. With no stimulus presented the input waits for the next onset: then it is an
   * anticipation if stamped before that onset frame, else a response given to `responder`.
   */
  time(input: G): (G & ResponseTiming) | null {
    const timed = timeInput(input, this.current);
    if (timed.kind === 'response') {
      return { ...input, promptedAt: timed.promptedAt, respondedAt: timed.respondedAt, rtMs: timed.rtMs, frameIntervalMs: this.frames.intervalMs() };
    }
    if (this.current === null) this.waiting.push(input);
    else this.anticipated(input, this.current);
    return null;
  }

  private anticipated(input: G, onset: Onset): void {
    this.handlers.onAnticipation?.({
      ...input,
      promptedAt: onset.promptedAt,
      signedMs: input.eventTime - onset.frameTime,
      frameIntervalMs: this.frames.intervalMs(),
    });
  }
}

/**
 * Which animation frame presents what React just committed (ADR 013, ADR 062).
 * - A commit made by a task (a timer, an input event, a network answer) is painted by the next
 *   frame: its onset is the time argument of the first rAF requested after the commit.
 * - A commit made inside a frame's rAF callbacks (the display scheduler switches displays there,
 *   with `flushSync`, so a planned duration ends on a frame boundary) is painted by that same
 *   frame: style, layout and paint follow the rAF callbacks (HTML "update the rendering").
 * `changeInFrame` marks such a commit; `onsetFrame` answers the presenting frame in both cases.
 */

/** A source of animation frames: `window` in the page, a driven fake in unit tests. */
export interface FrameClock {
  requestAnimationFrame(callback: (time: number) => void): number;
  cancelAnimationFrame(handle: number): void;
}

/** Calls `onOnset(frameTime)` once, in the next frame; answers a cancel function. */
export function measureOnset(clock: FrameClock, onOnset: (frameTime: number) => void): () => void {
  const handle = clock.requestAnimationFrame((time) => onOnset(time));
  return () => clock.cancelAnimationFrame(handle);
}

let running: number | null = null;

/** The time of the frame whose rAF callbacks are committing a display change now, else null. */
export function frameInProgress(): number | null {
  return running;
}

/** Runs `change` (a synchronous commit: `flushSync`) as part of frame `time`, so what it presents has that frame as onset. */
export function changeInFrame(time: number, change: () => void): void {
  const before = running;
  running = time;
  try {
    change();
  } finally {
    running = before;
  }
}

/**
 * The presenting frame of what was just committed (call it in a layout effect): this frame if the
 * commit runs inside a frame's callbacks (`changeInFrame`), else the next frame. Answers a cancel function.
 */
export function onsetFrame(clock: FrameClock, onOnset: (frameTime: number) => void): () => void {
  const now = frameInProgress();
  if (now !== null) {
    // Right after the commit (a microtask: still inside this frame's callbacks, before its paint),
    // and cancellable like a rAF, so an effect that is cleaned up at once reports nothing.
    let live = true;
    queueMicrotask(() => {
      if (live) onOnset(now);
    });
    return () => {
      live = false;
    };
  }
  return measureOnset(clock, onOnset);
}

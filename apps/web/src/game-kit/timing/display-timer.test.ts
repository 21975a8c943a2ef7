import { describe, expect, it } from 'vitest';
import { DisplayTimer } from './display-timer';

/** Drives a timer from `onset` with the given frame deltas until it says the display ends; the ending frame's time. */
function run(timer: DisplayTimer, onset: number, deltas: () => number): number {
  timer.start(onset);
  let time = onset;
  for (let i = 0; i < 10_000; i++) {
    time += deltas();
    if (timer.frame(time)) return time;
  }
  throw new Error('never ended');
}

const every = (ms: number) => () => ms;

describe('the frame-counting display scheduler (issue 28 item 6, ADR 062)', () => {
  it('shows a 750 ms disc for 45 frames at 60 Hz and a 250 ms blank for 15, ending on a frame boundary', () => {
    const interval = 1000 / 60;
    const disc = new DisplayTimer(750, interval);
    const end = run(disc, 1000, every(interval));
    expect(disc.end(end)).toEqual({ plannedMs: 750, shownMs: 750, shownFrames: 45, droppedFrames: 0, frameIntervalMs: 16.667 });
    const blank = new DisplayTimer(250, interval);
    const next = run(blank, end, every(interval));
    expect(blank.end(next)).toMatchObject({ shownMs: 250, shownFrames: 15 });
  });

  it('counts frames of the screen it runs on: 144 Hz and 30 Hz each within one frame of plan', () => {
    for (const hz of [144, 30, 75]) {
      const interval = 1000 / hz;
      // Its first guess is 60 Hz: it measures the screen from its own frames.
      const timer = new DisplayTimer(1000, null);
      const timing = timer.end(run(timer, 0, every(interval)));
      expect(Math.abs(timing.shownMs - 1000)).toBeLessThanOrEqual(interval);
      expect(timing.frameIntervalMs).toBeCloseTo(interval, 3);
      expect(timing.droppedFrames).toBe(0);
    }
  });

  it('a dropped frame does not lengthen the display: it ends on time and the drop is counted', () => {
    const interval = 1000 / 60;
    let frame = 0;
    // Frames 10 and 11 are not produced (a 50 ms delta: two dropped).
    const deltas = () => (++frame === 10 ? 3 * interval : interval);
    const timer = new DisplayTimer(750, interval);
    const timing = timer.end(run(timer, 0, deltas));
    expect(timing.shownMs).toBeCloseTo(750, 6);
    expect(timing.droppedFrames).toBe(2);
    expect(timing.shownFrames).toBe(45);
  });

  it('a loaded browser that drops most frames never ends a display early: it ends by the first frame at or after the plan', () => {
    const interval = 1000 / 60;
    let frame = 0;
    // After two regular frames, only every third frame is produced (50 ms deltas): the median
    // would say 20 Hz and end a 300 ms fixation after 275 ms; the screen's period does not.
    const deltas = () => (++frame <= 2 ? interval : 3 * interval);
    const timer = new DisplayTimer(300, interval);
    const timing = timer.end(run(timer, 0, deltas));
    expect(timing.shownMs).toBeGreaterThanOrEqual(300 - interval / 2);
    // Frames at 16.7, 33.3, then every 50 ms: 283.3 is before the plan, 333.3 the first after it.
    expect(timing.shownMs).toBeCloseTo(20 * interval, 2);
    expect(timing.droppedFrames).toBe(12);
    expect(timing.frameIntervalMs).toBe(50);
  });

  it('rounds a plan that is no whole number of frames to the nearest frame, at least one', () => {
    const interval = 1000 / 60;
    const short = new DisplayTimer(5, interval);
    expect(short.plannedFrames).toBe(1);
    expect(short.end(run(short, 0, every(interval))).shownFrames).toBe(1);
    // 300 ms at 60 Hz: 18 frames; 1000 ms cue: 60 frames.
    expect(new DisplayTimer(300, interval).plannedFrames).toBe(18);
    expect(new DisplayTimer(1000, interval).plannedFrames).toBe(60);
  });

  it('tolerates the jitter of frame times: a frame a little early still ends the display', () => {
    const interval = 1000 / 60;
    let i = 0;
    // rAF times jitter ±0.3 ms around the vsync grid.
    const deltas = () => interval + (i++ % 2 === 0 ? 0.3 : -0.3);
    const timer = new DisplayTimer(250, interval);
    const timing = timer.end(run(timer, 0, deltas));
    expect(Math.abs(timing.shownMs - 250)).toBeLessThan(interval / 2);
    expect(timing.shownFrames).toBe(15);
  });

  it('ignores frames before its onset or repeated times', () => {
    const timer = new DisplayTimer(100, 1000 / 60);
    expect(timer.frame(5)).toBe(false);
    timer.start(10);
    expect(timer.frame(10)).toBe(false);
    expect(timer.frame(9)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { FrameMeter, median, quantile, timeInput, toEpoch, type Onset } from './timing';
import { StimulusClock, type Anticipation } from './stimulus-clock';
import { anticipationTimes, responseTimes } from './log-fields';

const input = (eventTime: number) => ({ eventTime, respondedAt: toEpoch(eventTime), modality: 'key' as const, response: 'x' });
const onsetAt = (frameTime: number): Onset => ({ key: 'k', frameTime, promptedAt: toEpoch(frameTime) });

describe('the RT definition (ADR 013)', () => {
  it('times a response from the onset frame, sub-ms and unclamped', () => {
    expect(timeInput(input(1250.125), onsetAt(1000))).toEqual({
      kind: 'response', promptedAt: toEpoch(1000), respondedAt: toEpoch(1250.125), rtMs: 250.125,
    });
    // An input in the onset frame itself is a response of 0 ms, not an anticipation.
    expect(timeInput(input(1000), onsetAt(1000))).toMatchObject({ kind: 'response', rtMs: 0 });
  });

  it('calls an input before the onset frame an anticipation with its signed time, never 0', () => {
    expect(timeInput(input(999.25), onsetAt(1000))).toEqual({
      kind: 'anticipation', promptedAt: toEpoch(1000), respondedAt: toEpoch(999.25), signedMs: -0.75,
    });
    expect(timeInput(input(900), null)).toEqual({ kind: 'anticipation', promptedAt: null, respondedAt: toEpoch(900), signedMs: null });
  });

  it('measures the frame interval as the median rAF delta of the round', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const meter = new FrameMeter();
    expect(meter.intervalMs()).toBeNull();
    // 144 Hz with one dropped frame and a hidden-tab pause: the median stays 6.944 ms.
    for (const t of [0, 6.944, 13.889, 20.833, 34.722, 41.667, 2000, 2006.944]) meter.frame(t);
    expect(meter.intervalMs()).toBeCloseTo(6.944, 2);
    meter.reset();
    for (const t of [2040.277, 2073.61]) meter.frame(t);
    expect(meter.intervalMs()).toBe(33.333);
  });

  it('measures frame jitter as the interquartile range of the deltas, robust to one long frame (ADR 026)', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([10, 20], 0.5)).toBe(15);
    expect(quantile([], 0.5)).toBeNull();
    const steady = new FrameMeter();
    expect(steady.spreadMs()).toBeNull();
    // 60 Hz with one 500 ms stall: the spread stays near zero.
    for (const t of [0, 16.6, 33.4, 50, 66.7, 566.7, 583.3, 600, 616.7]) steady.frame(t);
    expect(steady.spreadMs()).toBeLessThan(0.5);
    // Frames alternating 8 and 25 ms: uneven, a spread of 17 ms.
    const uneven = new FrameMeter();
    let t = 0;
    for (let i = 0; i < 20; i++) uneven.frame((t += i % 2 ? 25 : 8));
    expect(uneven.spreadMs()).toBe(17);
  });
});

describe('the stimulus clock', () => {
  it('answers responses with their RT and reports anticipations after the onset they came before', () => {
    const clock = new StimulusClock<ReturnType<typeof input>>();
    const events: string[] = [];
    const anticipations: Anticipation<ReturnType<typeof input>>[] = [];
    clock.handlers = {
      onOnset: (promptedAt) => events.push(`onset ${promptedAt - performance.timeOrigin}`),
      onAnticipation: (a) => {
        events.push('anticipation');
        anticipations.push(a);
      },
    };
    for (const t of [0, 16, 32, 48]) clock.frame(t);
    // A key during the blank: no response, reported once the stimulus is presented.
    expect(clock.time(input(40))).toBeNull();
    expect(anticipations).toEqual([]);
    clock.present('s1', 50);
    expect(events).toEqual(['onset 50', 'anticipation']);
    expect(anticipations[0]).toMatchObject({ signedMs: -10, promptedAt: toEpoch(50), respondedAt: toEpoch(40), frameIntervalMs: 16 });
    // A key whose timeStamp precedes the onset frame but is handled after it: an anticipation too.
    expect(clock.time(input(49.5))).toBeNull();
    expect(anticipations[1]?.signedMs).toBe(-0.5);
    const response = clock.time(input(300.5));
    expect(response).toMatchObject({ rtMs: 250.5, promptedAt: toEpoch(50), respondedAt: toEpoch(300.5), frameIntervalMs: 16 });
    // Answered and withdrawn: the next key waits for the next stimulus; a stimulus that never comes drops it.
    clock.withdraw();
    expect(clock.time(input(320))).toBeNull();
    clock.dispose();
    clock.present('s2', 400);
    expect(anticipations).toHaveLength(2);
  });

  it('lets the sign decide for an input that waited for the onset: stamped inside the onset frame it is a response (issue 25)', () => {
    const clock = new StimulusClock<ReturnType<typeof input>>();
    const anticipations: Anticipation<ReturnType<typeof input>>[] = [];
    const responses: { rtMs: number; response: string }[] = [];
    clock.handlers = { onOnset: () => {}, onAnticipation: (a) => anticipations.push(a) };
    clock.responder = (timed) => responses.push({ rtMs: timed.rtMs, response: timed.response });
    // Both handled while no stimulus was presented (the commit of the next one had not reached
    // its frame's callback); the onset frame started at 50 and the second key is stamped 3 ms into it.
    expect(clock.time({ ...input(45), response: 'early' })).toBeNull();
    expect(clock.time({ ...input(53), response: 'in-frame' })).toBeNull();
    clock.present('s1', 50);
    expect(anticipations.map((a) => [a.response, a.signedMs])).toEqual([['early', -5]]);
    expect(responses).toEqual([{ rtMs: 3, response: 'in-frame' }]);
    // Every anticipation has a negative time and every response a non-negative one: the flag and the sign agree.
    expect(anticipations.every((a) => a.signedMs < 0)).toBe(true);
  });

  it('gives a waiting input after the first response back to the wait (answered: it anticipates the next stimulus)', () => {
    const clock = new StimulusClock<ReturnType<typeof input>>();
    const responses: number[] = [];
    const anticipations: number[] = [];
    clock.handlers = { onOnset: () => {}, onAnticipation: (a) => anticipations.push(a.signedMs) };
    clock.responder = (timed) => {
      responses.push(timed.rtMs);
      clock.withdraw();
    };
    clock.time(input(52));
    clock.time(input(54));
    clock.present('s1', 50);
    expect(responses).toEqual([2]);
    clock.present('s2', 400);
    expect(anticipations).toEqual([-346]);
  });

  it('gives every game the same logResponse fields', () => {
    const clock = new StimulusClock<ReturnType<typeof input>>();
    let anticipation: Anticipation<ReturnType<typeof input>> | null = null;
    clock.handlers = { onOnset: () => {}, onAnticipation: (a) => (anticipation = a) };
    clock.present('s', 100);
    const response = clock.time(input(512.25));
    expect(response && responseTimes(response)).toEqual({ modality: 'key', _promptedAt: toEpoch(100), _respondedAt: toEpoch(512.25), rtMs: 412.25 });
    clock.time(input(99));
    expect(anticipation && anticipationTimes(anticipation)).toEqual({
      anticipation: true, modality: 'key', _promptedAt: toEpoch(100), _respondedAt: toEpoch(99), rtMs: -1,
    });
  });
});

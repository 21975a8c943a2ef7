/**
 * The timing fields of a logResponse (ADR 013), so every game logs them alike: the raw epoch
 * times, the RT computed from them, the frame interval and how the input was given.
 */
import type { delphi } from '@chi/contract';
import type { Anticipation, ResponseTiming } from './stimulus-clock';
import type { TimedInput } from './timing';

interface Given extends TimedInput {
  modality: delphi.InputModality;
}

/** A response's timing fields: `rtMs` ≥ 0 from the onset frame, never clamped. */
export function responseTimes(timed: Given & ResponseTiming) {
  return {
    modality: timed.modality,
    _promptedAt: timed.promptedAt,
    _respondedAt: timed.respondedAt,
    rtMs: timed.rtMs,
    ...(timed.frameIntervalMs === null ? {} : { frameIntervalMs: timed.frameIntervalMs }),
  };
}

/** An anticipation's fields: flagged, its signed time (negative) as `rtMs`, never scored (no `isCorrect`). */
export function anticipationTimes(anticipation: Anticipation<Given>) {
  return {
    anticipation: true,
    modality: anticipation.modality,
    _promptedAt: anticipation.promptedAt,
    _respondedAt: anticipation.respondedAt,
    rtMs: anticipation.signedMs,
    ...(anticipation.frameIntervalMs === null ? {} : { frameIntervalMs: anticipation.frameIntervalMs }),
  };
}

/**
 * The ONE place Mime Mix takes its timing from: the suite's timing module (ADR 013). Onset is
 * the time argument of the animation frame that first presents the face; a response's time is
 * its input event's `timeStamp` − onset (sub-ms, never clamped); an input before the onset is an
 * anticipation (logged flagged, with its signed time, never scored); each record carries the
 * round's frame interval and the raw epoch times.
 */
export { anticipationTimes, responseTimes, useStimulusClock, type Anticipation } from '../../timing';
export type { GivenResponse, TimedResponse } from '../../kit/response-input';

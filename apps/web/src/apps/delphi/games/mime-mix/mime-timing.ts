/**
 * The ONE place Mime Mix takes its timing from: the game kit's timing module (ADR 013, ADR 062). Onset is
 * the time argument of the animation frame that first presents the face; a response's time is
 * its input event's `timeStamp` − onset (sub-ms, never clamped); an input before the onset is an
 * anticipation (logged flagged, with its signed time, never scored); each record carries the
 * round's frame interval and the raw epoch times. The fixation, the cue and the face's time limit
 * are timed displays, counted in frames from their onset frames (ADR 062).
 */
export { anticipationTimes, responseTimes, useStimulusClock, useTimedDisplay, type Anticipation } from '../../../../game-kit/timing';
export { displayAttributes, precedingAttributes, type PrecedingDisplay } from '../../../../game-kit/timing/display-attributes';
export type { GivenResponse, TimedResponse } from '../../../../game-kit/input/response-input';

/** The game kit's timing (ADR 013, ADR 062): one definition of onset, RT, anticipation, frame interval and timed displays for every game. */
export { eventEpoch, median, quantile, timeInput, toEpoch, FrameMeter, type Onset, type Timed, type TimedInput } from './timing';
export { StimulusClock, type Anticipation, type ClockHandlers, type ResponseTiming } from './stimulus-clock';
export { useStimulusClock } from './use-stimulus-clock';
export { anticipationTimes, responseTimes } from './log-fields';
export { changeInFrame, frameInProgress, measureOnset, onsetFrame, type FrameClock } from './frame-clock';
export { DisplayTimer, type DisplayTiming } from './display-timer';
export { useTimedDisplay, type TimedDisplayHandlers } from './use-timed-display';
export { useOnsetRef, useStimulusOnset } from './use-stimulus-onset';

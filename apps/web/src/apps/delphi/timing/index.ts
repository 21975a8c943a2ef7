/** The Delphi timing module (ADR 013): one definition of onset, RT, anticipation and frame interval for every game. */
export { eventEpoch, median, quantile, timeInput, toEpoch, FrameMeter, type Onset, type Timed, type TimedInput } from './timing';
export { StimulusClock, type Anticipation, type ClockHandlers, type ResponseTiming } from './stimulus-clock';
export { useStimulusClock } from './use-stimulus-clock';
export { anticipationTimes, responseTimes } from './log-fields';

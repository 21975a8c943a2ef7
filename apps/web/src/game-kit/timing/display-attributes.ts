/**
 * How a timed display's timing is logged (ADR 062): flat prompt attributes, the same names in
 * every game, so the export shows planned against actual for each display.
 */
import type { DisplayTiming } from './display-timer';

/** The display the prompt is: `plannedMs`, `shownMs`, `shownFrames`, `droppedFrames`, `frameIntervalMs`. */
export function displayAttributes(timing: DisplayTiming) {
  return {
    plannedMs: timing.plannedMs,
    shownMs: timing.shownMs,
    shownFrames: timing.shownFrames,
    droppedFrames: timing.droppedFrames,
    frameIntervalMs: timing.frameIntervalMs,
  };
}

/** A display that led up to the prompt (a blank, a fixation, a cue): which, and its timing. */
export interface PrecedingDisplay {
  display: string;
  timing: DisplayTiming;
}

/** The displays before the prompt, each as `<display>PlannedMs`, `<display>ShownMs`, `<display>DroppedFrames`. */
export function precedingAttributes(...displays: (PrecedingDisplay | null | undefined)[]): Record<string, number> {
  const attributes: Record<string, number> = {};
  for (const shown of displays) {
    if (!shown) continue;
    attributes[`${shown.display}PlannedMs`] = shown.timing.plannedMs;
    attributes[`${shown.display}ShownMs`] = shown.timing.shownMs;
    attributes[`${shown.display}DroppedFrames`] = shown.timing.droppedFrames;
  }
  return attributes;
}

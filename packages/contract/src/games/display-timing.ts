/**
 * The timing of a timed display, as the game kit logs it with a record (issue 28 item 6; the
 * names are the kit's `displayAttributes` and `precedingAttributes`): optional, as records
 * logged before the kit measured displays lack them.
 */
import { z } from 'zod';

const ms = (what: string) => z.number().min(0).optional().describe(what);
const frames = (what: string) => z.number().int().min(0).optional().describe(what);

/** The display the record is: planned and actual on-screen time, frames, dropped frames, frame interval. */
export function displayTiming(display: string) {
  return {
    plannedMs: ms(`The ${display}'s planned on-screen duration (ms, after the game's time scale).`),
    shownMs: ms(`The ${display}'s actual on-screen duration: its onset frame to the frame that removed it (ms).`),
    shownFrames: frames(`The ${display}'s on-screen duration in frame intervals.`),
    droppedFrames: frames(`Frames the browser did not produce while the ${display} was on screen.`),
    frameIntervalMs: ms(`The median frame interval while the ${display} was on screen (ms).`),
  };
}

/** A display shown before the record's own (`<name>PlannedMs`, `<name>ShownMs`, `<name>DroppedFrames`). */
export function precedingTiming<const Name extends string>(name: Name, display: string) {
  return {
    [`${name}PlannedMs`]: ms(`The ${display} before it: planned duration (ms).`),
    [`${name}ShownMs`]: ms(`The ${display} before it: actual on-screen duration (ms).`),
    [`${name}DroppedFrames`]: frames(`The ${display} before it: frames dropped.`),
  } as Record<`${Name}PlannedMs` | `${Name}ShownMs` | `${Name}DroppedFrames`, z.ZodOptional<z.ZodNumber>>;
}

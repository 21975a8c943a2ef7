/**
 * A showcase record's timing fields (ADR 022) from the game kit's one RT definition (ADR 013,
 * `timeInput`): a response's `rtMs` is its event `timeStamp` − the onset frame's time, never
 * clamped; an input before the onset, or while no stimulus is shown, is an anticipation, kept
 * in the showcase's records with `rtMs: null` (its record shape since issue 15).
 */
import { timeInput, toEpoch } from '../../../game-kit/timing';

export type Timing = { anticipation: false; rtMs: number } | { anticipation: true; rtMs: null };

/** RT of an input at `eventTimeStamp` for a stimulus whose onset frame is `onset` (null: not yet shown). */
export function reactionTime(onset: number | null, eventTimeStamp: number): Timing {
  const timed = timeInput(
    { eventTime: eventTimeStamp, respondedAt: toEpoch(eventTimeStamp) },
    onset === null ? null : { key: 'stimulus', frameTime: onset, promptedAt: toEpoch(onset) },
  );
  return timed.kind === 'response' ? { anticipation: false, rtMs: timed.rtMs } : { anticipation: true, rtMs: null };
}

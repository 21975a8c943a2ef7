/**
 * A round's screen starts at the top of the page: on a phone the intro is taller than the screen,
 * and its Start button may have been scrolled to, so the round would open scrolled part-way down,
 * with its top (the cue, a grid's first rows, the time limit) out of view. Once, when the screen mounts.
 */
import { useLayoutEffect } from 'react';

export function useStartAtTop(): void {
  // Before the first paint of the round: the participant never sees it scrolled.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}

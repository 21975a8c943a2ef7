/**
 * /Data's live parts (issue 17 part 3, ADR 026): the funnel, the participants table and an open
 * timeline load now, again every POLL_SECONDS while the tab is visible, and at once when it
 * becomes visible again, so a researcher sees who is where without reloading. `load` gets
 * `isActive`: an answer that arrives after the inputs changed or the part closed is dropped.
 */
import { useEffect, type DependencyList } from 'react';

export const POLL_SECONDS = 10;

export function usePolling(load: (isActive: () => boolean) => void, deps: DependencyList, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const isActive = () => active;
    const tick = () => {
      if (document.visibilityState !== 'hidden') load(isActive);
    };
    tick();
    const timer = setInterval(tick, POLL_SECONDS * 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
    // The caller's inputs decide when to start over; `load` is a new closure on every render.
  }, [enabled, ...deps]);
}

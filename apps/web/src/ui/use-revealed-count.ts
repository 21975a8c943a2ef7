import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's `total` items to render now: `first` at once, then `step` more in
 * each following task (each added in a React transition, so input and paint go first), until
 * all are there. A list of ~100 heavy cards rendered and committed as one piece is a long task on
 * a phone (ADR 032); this way each commit holds a few cards. A shorter list is rendered whole.
 * Rendering the items in order keeps find-in-page and the tab order right once all are in.
 */
export function useRevealedCount(total: number, first = 6, step = 6): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}

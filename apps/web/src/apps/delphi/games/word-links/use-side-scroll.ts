/** Whether an element scrolls sideways, and whether there is more to its right: for the sign that it does. */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useSideScroll<E extends HTMLElement>(): { ref: React.RefObject<E | null>; overflows: boolean; moreRight: boolean } {
  const ref = useRef<E | null>(null);
  const [state, setState] = useState({ overflows: false, moreRight: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const overflows = el.scrollWidth > el.clientWidth + 1;
    const moreRight = overflows && Math.abs(el.scrollLeft) + el.clientWidth < el.scrollWidth - 1;
    setState((before) => (before.overflows === overflows && before.moreRight === moreRight ? before : { overflows, moreRight }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { ref, ...state };
}

/**
 * A stimulus that takes the height the screen has left: the answers under it end on the screen
 * (unscrolled) however many lines the text above wraps to (a longer language, a narrow phone),
 * the stimulus shrinking rather than the answers leaving the screen. Its box's height is set
 * between `minPx` and `maxPx` so that `end` (the answer buttons) ends `marginPx` above the
 * screen's bottom edge with the page at the top; the stimulus scales to its box. The height is
 * the CSS variable FIT_HEIGHT_VAR on the box (React never writes it): give the box
 * `height: var(--fit-height, <a first guess>)`.
 *
 * Fitted before the first paint (a layout effect) and again, a frame later, when the page's
 * layout or the window changes (a rotation, the cue of the next trial wrapping differently, a
 * font arriving); never while a timed stimulus is shown unless the screen itself changes, as
 * the box's height depends only on the text around it, which a trial's phases keep in place.
 * Only sizes change: onset times still come from the frame that showed the stimulus.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export const FIT_HEIGHT_VAR = '--fit-height';

export interface FitToScreenOptions {
  minPx: number;
  maxPx: number;
  /** Room kept under the answers (CSS px). */
  marginPx?: number;
}

/** The box height that puts the answers' bottom at `screenHeight - marginPx`; never above maxPx or below minPx. */
export function fittedHeight(current: number, endBottom: number, screenHeight: number, { minPx, maxPx, marginPx = 8 }: FitToScreenOptions): number {
  const wanted = Math.floor(current + screenHeight - marginPx - endBottom);
  return Math.max(minPx, Math.min(maxPx, wanted));
}

export function useFitToScreen<B extends HTMLElement, E extends HTMLElement>(options: FitToScreenOptions): { box: RefObject<B | null>; end: RefObject<E | null> } {
  const box = useRef<B>(null);
  const end = useRef<E>(null);
  const { minPx, maxPx, marginPx } = options;
  useLayoutEffect(() => {
    const fit = () => {
      const stimulus = box.current;
      const answers = end.current;
      if (!stimulus || !answers) return;
      const current = stimulus.getBoundingClientRect().height;
      // Where the answers end with the page scrolled to the top (a round starts there).
      const bottom = answers.getBoundingClientRect().bottom + window.scrollY;
      const next = fittedHeight(current, bottom, window.innerHeight, { minPx, maxPx, marginPx });
      if (Math.abs(next - current) >= 1) stimulus.style.setProperty(FIT_HEIGHT_VAR, `${next}px`);
    };
    fit();
    // Later changes are fitted in the next frame, outside the observer's callback: a size set
    // inside it would resize the observed page again in the same pass (a ResizeObserver loop error).
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    };
    window.addEventListener('resize', later);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    observer?.observe(document.body);
    if (end.current?.parentElement) observer?.observe(end.current.parentElement);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', later);
      observer?.disconnect();
    };
  }, [minPx, maxPx, marginPx]);
  return { box, end };
}

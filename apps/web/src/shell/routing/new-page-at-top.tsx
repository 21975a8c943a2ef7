/**
 * A new page opens at its top, as a web page does: the router changes the page without the
 * browser's own load, so without this a participant who scrolled down a game's long intro to its
 * button got the next stage scrolled part-way down, its top out of view (a 320 px phone). Only on
 * a change of path pushed or replaced by the app: the browser's Back and Forward (POP) keep the
 * scroll the browser restores, and a tab or a modal (in the query) keeps the place on the page.
 * Rounds that change inside one page use the game kit's useStartAtTop.
 */
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

export function NewPageAtTop(): null {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  // Before the new page's first paint, so it is never seen scrolled.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

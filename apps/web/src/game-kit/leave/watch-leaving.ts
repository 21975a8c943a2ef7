/**
 * Leaving a running activity (a Delphi game, a showcase game or quiz) is a decision (DESIGN §7,
 * issue 18). While `isLive()`:
 * - a reload or tab close asks first (`beforeunload`); if the page goes anyway, `onUnload` runs
 *   on `pagehide` (capture phase: before a queue's own pagehide flush, so what it records goes too);
 * - a click on any in-app link (the header's product name, a nav link) or a change of a
 *   header select (the language switch) is held and handed to `hold`, which asks;
 * - when the watch is removed while still live and the page left `basePath` some other way
 *   (the browser's Back), `onLeftRoutes` runs.
 * The shell has no data router (ADR 004), so the guard listens in the capture phase on the
 * document, before React and the router see the event: no shell code knows about activities.
 */
export type HeldLeave = { kind: 'link'; anchor: HTMLAnchorElement } | { kind: 'select'; select: HTMLSelectElement; value: string };

export interface LeaveWatch {
  isLive: () => boolean;
  /** The page is going although it asked (reload, close). */
  onUnload?: () => void;
  /** Unwatched while live on another path than `basePath`. */
  onLeftRoutes?: () => void;
  basePath: string;
}

/** A plain left click that would navigate this tab (not a new tab, not a download). */
export function leavesByClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>): HTMLAnchorElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const node = event.target instanceof Node ? event.target : null;
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const anchor = element?.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  return anchor;
}

/** Wires the page's ways out; `hold` is called for a leave that must be confirmed. Returns the unwiring. */
export function watchLeavingPage(watch: LeaveWatch, hold: (leave: HeldLeave) => void, doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  const live = watch.isLive;
  // What each select showed before a change: known from the start, and from focus or a
  // press for a select that appears later (the phone menu's language switch).
  const before = new WeakMap<HTMLSelectElement, string>();
  for (const select of doc.querySelectorAll('select')) before.set(select, select.value);
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (live()) event.preventDefault();
  };
  const onPageHide = () => {
    if (live()) watch.onUnload?.();
  };
  const onClick = (event: MouseEvent) => {
    if (!live()) return;
    const anchor = leavesByClick(event);
    if (!anchor) return;
    event.preventDefault();
    event.stopPropagation();
    hold({ kind: 'link', anchor });
  };
  const onFocusIn = (event: Event) => {
    if (event.target instanceof HTMLSelectElement) before.set(event.target, event.target.value);
  };
  const onChange = (event: Event) => {
    const select = event.target;
    if (!live() || !(select instanceof HTMLSelectElement) || !select.closest('header')) return;
    event.stopPropagation();
    const value = select.value;
    // Back to what it showed until the participant decides.
    select.value = before.get(select) ?? select.value;
    hold({ kind: 'select', select, value });
  };
  win.addEventListener('beforeunload', onBeforeUnload);
  win.addEventListener('pagehide', onPageHide, { capture: true });
  doc.addEventListener('click', onClick, { capture: true });
  doc.addEventListener('focusin', onFocusIn, { capture: true });
  doc.addEventListener('pointerdown', onFocusIn, { capture: true });
  doc.addEventListener('change', onChange, { capture: true });
  return () => {
    win.removeEventListener('beforeunload', onBeforeUnload);
    win.removeEventListener('pagehide', onPageHide, { capture: true });
    doc.removeEventListener('click', onClick, { capture: true });
    doc.removeEventListener('focusin', onFocusIn, { capture: true });
    doc.removeEventListener('pointerdown', onFocusIn, { capture: true });
    doc.removeEventListener('change', onChange, { capture: true });
    // Unmounted while still live: the routes were left some other way (Back).
    // Under StrictMode's test unmount the path is unchanged, so nothing happens then.
    if (live() && !win.location.pathname.startsWith(watch.basePath)) watch.onLeftRoutes?.();
  };
}

/** Lets a held leave go ahead once the activity is ended. */
export function proceedLeave(leave: HeldLeave): void {
  if (leave.kind === 'link') {
    leave.anchor.click();
    return;
  }
  leave.select.value = leave.value;
  leave.select.dispatchEvent(new Event('change', { bubbles: true }));
}

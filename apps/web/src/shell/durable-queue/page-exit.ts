/**
 * A client queue's last chance when the page goes (ADR 005, ADR 031), for any queue that can
 * count what it holds: on `pagehide` (and when the page is hidden, the last moment a mobile
 * browser guarantees) `flush` sends what is pending with keepalive; and while the records
 * live in memory only (storage denied), leaving the page asks first.
 */
export interface PendingSource {
  pendingCount(): number;
  subscribe(listener: () => void): () => void;
}

export interface PageExitOptions {
  /** False when storage is denied: what is pending dies with the page. */
  durable: boolean;
  /** Sends what is pending with keepalive; must not throw. */
  flush: () => void;
  target?: Window;
}

/** Wires a queue to the page's lifecycle; returns the unwiring (tests). */
export function watchPageExit(source: PendingSource, { durable, flush, target = window }: PageExitOptions): () => void {
  let left = false;
  const onPageHide = () => {
    left = true;
    flush();
  };
  const onPageShow = () => {
    left = false;
  };
  const onVisibility = () => {
    // After pagehide (a reload fires both) the records are on their way already.
    if (target.document.visibilityState === 'hidden' && !left) flush();
  };
  // Memory only: the browser asks before the page goes while anything is pending.
  const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
  let guarded = false;
  const guard = () => {
    const need = !durable && source.pendingCount() > 0;
    if (need === guarded) return;
    guarded = need;
    if (need) target.addEventListener('beforeunload', onBeforeUnload);
    else target.removeEventListener('beforeunload', onBeforeUnload);
  };
  const unsubscribe = source.subscribe(guard);
  guard();
  target.addEventListener('pagehide', onPageHide);
  target.addEventListener('pageshow', onPageShow);
  target.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    unsubscribe();
    target.removeEventListener('beforeunload', onBeforeUnload);
    target.removeEventListener('pagehide', onPageHide);
    target.removeEventListener('pageshow', onPageShow);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
}

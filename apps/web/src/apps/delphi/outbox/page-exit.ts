/**
 * The outbox's last chance when the page goes (ADR 005): on `pagehide` (and when the page is
 * hidden, the last moment a mobile browser guarantees) every pending record goes out with
 * keepalive; and while the records live in memory only, leaving the page asks first.
 */
import type { Outbox } from './outbox';
import { planUnloadSends, type UnloadSend } from './unload-flush';

export interface PageExitOptions {
  /** False when storage is denied: what is pending dies with the page. */
  durable: boolean;
  /** One keepalive request; must not throw. */
  send: (send: UnloadSend) => void;
  target?: Window;
}

/** Wires the outbox to the page's lifecycle; returns the unwiring (tests). */
export function watchPageExit(outbox: Outbox, { durable, send, target = window }: PageExitOptions): () => void {
  let left = false;
  const flush = () => {
    for (const item of planUnloadSends(outbox.pendingRecords(), outbox.knownGameIds())) send(item);
  };
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
    const need = !durable && outbox.pendingCount() > 0;
    if (need === guarded) return;
    guarded = need;
    if (need) target.addEventListener('beforeunload', onBeforeUnload);
    else target.removeEventListener('beforeunload', onBeforeUnload);
  };
  const unsubscribe = outbox.subscribe(guard);
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

/**
 * A prerendered home stays the static page the server sent until the person reaches for it
 * (ADR 040): the first pointer over or on the page, key press or focus starts the live page
 * (this file says when), and what the person did on the static page meanwhile is carried over
 * to it (`static-interactions.ts`). A phone that only reads the home runs none of the shell's
 * JavaScript; one that taps gets the tap.
 */

import { MORE_ATTRIBUTE } from './prerender-marker';

/**
 * What says a person is about to use the page: a pointer, a key, focus, or a click or a field's
 * value changed without them (a screen reader activating a button in its browse mode sends only
 * the click; a password manager or autofill only the input).
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'input', 'change'] as const;

/**
 * A static page showing this waits for data only the live page fetches (the api landing's
 * reference): left static it would spin until the person moved, so it starts at once.
 */
const LOADING_SELECTOR = '.mantine-Loader-root';

/** Whether the static page in `root` shows something loading (see LOADING_SELECTOR). */
export function waitsForData(root: HTMLElement): boolean {
  return root.querySelector(LOADING_SELECTOR) !== null;
}

/**
 * The events of a touch or pen gesture. The person's tap is answered by the static page itself
 * (a link, the static login dialog, ADR 075) or held for the live page (below); starting the
 * live page inside the gesture only slows that answer: its first slice adds the whole
 * stylesheets, which restyles the page inside the tap (~30 ms on the throttled phone), and the
 * static dialog's opening then restyles it again (44–57 ms). So a gesture starts the live page
 * once it has ended and the frame that answers it is painted (ADR 075, amended by h15).
 */
const GESTURE_EVENTS: ReadonlySet<string> = new Set(['pointerdown', 'touchstart']);

/** The events that end a gesture: its click, or no click at all (a scroll, a long press). */
const GESTURE_END_EVENTS = ['click', 'pointercancel', 'touchcancel', 'contextmenu'] as const;

/**
 * How long a gesture that never ends in one of GESTURE_END_EVENTS (a press held, a tap the
 * browser turned into nothing) keeps the live page waiting.
 */
export const GESTURE_WAIT_MS = 1000;

/** Whether `event` begins a touch or pen gesture (a mouse hovering starts the live page at once: it gets a head start). */
function beginsGesture(event: Event): boolean {
  if (GESTURE_EVENTS.has(event.type)) return true;
  return event.type === 'pointerover' && 'pointerType' in event && (event as PointerEvent).pointerType !== 'mouse';
}

/**
 * Calls `then` after the frame painted next: a task posted from an animation frame callback
 * runs once that frame is drawn. A hidden page draws no frames, so it does not wait for one.
 */
export function afterNextPaint(then: () => void): void {
  if (document.visibilityState !== 'visible') {
    setTimeout(then, 0);
    return;
  }
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      then();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Calls `then` once, at the first sign that a person is about to use the page. A key, focus, a
 * mouse's hover or a value changed call it at once; a touch or pen gesture once it has ended and
 * its answer is painted (see GESTURE_EVENTS), at the latest GESTURE_WAIT_MS after it began, and
 * at once when a key or a value change comes meanwhile (the person is typing).
 */
export function onFirstIntent(then: () => void, target: Window = window, afterPaint: (then: () => void) => void = afterNextPaint): void {
  let done = false;
  let gesture = false;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, true);
    for (const type of GESTURE_END_EVENTS) target.removeEventListener(type, onGestureEnd, true);
    clearTimeout(fallback);
  };
  const go = () => {
    if (done) return;
    done = true;
    stop();
    then();
  };
  const onGestureEnd = () => {
    if (done) return;
    stop();
    afterPaint(go);
  };
  function onIntent(event: Event) {
    if (gesture) {
      // Within the gesture: its own focus, click and pointer events wait for its end.
      if (event.type === 'keydown' || event.type === 'input' || event.type === 'change') go();
      return;
    }
    if (!beginsGesture(event)) return go();
    gesture = true;
    // Added after the intent listeners: a click that begins nothing (a screen reader's) went to `go`.
    for (const type of GESTURE_END_EVENTS) target.addEventListener(type, onGestureEnd, { capture: true, passive: true });
    fallback = setTimeout(go, GESTURE_WAIT_MS);
  }
  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, { capture: true, passive: true });
}

/**
 * Calls `then` once, when a mark of a list the static page holds only in part (MORE_ATTRIBUTE,
 * the api landing's first cards) comes within half a screen of the viewport: a person scrolling
 * down to read on needs the live page, which adds the rest (issue 25 item 12, ADR 050). A mark
 * in a hidden width variant never comes into view; a page without one is left as it is.
 */
export function onMoreNearView(root: HTMLElement, then: () => void): void {
  const marks = root.querySelectorAll(`[${MORE_ATTRIBUTE}]`);
  if (marks.length === 0 || typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: '0px 0px 50% 0px' },
  );
  for (const mark of marks) observer.observe(mark);
}

/** Whether this tab already holds a participant's state (sessionStorage `chi.*`): its pages differ from a visitor's. */
export function tabHoldsState(): boolean {
  try {
    for (let i = 0; i < window.sessionStorage.length; i += 1) if (window.sessionStorage.key(i)?.startsWith('chi.')) return true;
    return false;
  } catch {
    return false;
  }
}

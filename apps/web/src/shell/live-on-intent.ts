/**
 * A prerendered home stays the static page the server sent until the person reaches for it
 * (ADR 040): the first pointer over or on the page, key press or focus starts the live page,
 * and what the person did on the static page meanwhile is carried over to it. A phone that
 * only reads the home runs none of the shell's JavaScript; one that taps gets the tap.
 *
 * While the page is static:
 * - a link is followed by the browser, as on any page (it is a real `<a href>`);
 * - a click on a control that only JavaScript makes work (a button, a tab, …) and a form's
 *   submission are held, the last one of them replayed on the same control of the live page;
 * - what is typed, chosen or ticked is kept and set on the same field of the live page, with
 *   the input or change event the page listens to; the focus moves to the same element.
 * - a mouse press (or a key's Space) begun on a control or link of the static page and released
 *   on the live one, once the swap came between the two, is the click the browser does not send
 *   (its press and release were on two different elements): it is made on the live element,
 *   when the release is on it, as the browser would.
 * "The same" is the element at the same place: the live page's first render has the static
 * page's markup (ADR 023), that of the width variant on screen (`[data-chi-width]`, whose
 * wrapper the live page does not have). A replay checks the element's tag and text first and
 * is dropped when they differ (the person taps again), never sent to another control.
 */

import { focusIsLost } from '../ui/focus-lost';
import { MORE_ATTRIBUTE, WIDTH_VARIANT_ATTRIBUTE } from './prerender-marker';

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

/** The controls whose click does nothing without JavaScript. */
const SCRIPTED_CONTROL = 'button:not([type="submit"]), [role="button"], [role="tab"], [role="switch"], [role="menuitem"], [role="combobox"]';

/**
 * What a press can begin on: what a click makes work, a link included (its press and release on
 * two elements would follow it no more than a button's would work).
 */
const PRESSABLE = `a[href], button, ${SCRIPTED_CONTROL}`;

type Path = readonly number[];

/** Where a static element's place is counted from: its width variant's wrapper (build/prerender.ts), else the root. */
function staticBase(root: HTMLElement, node: Element): Element {
  const variant = node.closest(`[${WIDTH_VARIANT_ATTRIBUTE}]`);
  return variant && root.contains(variant) ? variant : root;
}

/** Child indices from `root` down to `node`; null when `node` is not inside `root`. */
function pathOf(root: Element, node: Element): Path | null {
  const path: number[] = [];
  let current: Element | null = node;
  while (current && current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return current === root ? path : null;
}

function atPath(root: Element, path: Path): Element | null {
  let current: Element | undefined = root;
  for (const index of path) {
    current = current.children[index];
    if (!current) return null;
  }
  return current;
}

/** What must match for a value to go to a field: its tag, type and name (its text is what changes). */
function fieldIdentity(element: Element): string {
  return `${element.tagName}|${element.getAttribute('type') ?? ''}|${element.getAttribute('name') ?? ''}`;
}

/** What must match for a replay to go to an element: its tag, type and name, and its label or text. */
function identity(element: Element): string {
  const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return `${fieldIdentity(element)}|${label.trim().replace(/\s+/g, ' ')}`;
}

interface Held {
  readonly kind: 'click' | 'submit';
  readonly path: Path;
  readonly identity: string;
}

/** A mouse button or Space pressed on a static element, whose click has not come yet. */
interface Pressed {
  readonly by: 'mouse' | 'space';
  readonly path: Path;
  readonly identity: string;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Entered {
  readonly identity: string;
  readonly value: string;
  readonly checked: boolean;
}

const isField = (node: unknown): node is Field =>
  node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement;

/** Sets a field's value the way a person's typing does, so the live page's state hears of it. */
function enter(field: Field, entered: Entered): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== entered.checked) field.click();
    return;
  }
  if (field.value === entered.value) return;
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, entered.value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export interface StaticInteractions {
  /**
   * Called in the task that put the live page in place of the static one, before any other task
   * can run (React's layout effect): stops listening, and moves the focus, which went to the body
   * with the static element, to the same element of the live page. A key pressed between the
   * render and the replay then types into the live field instead of being lost (a clean-clone CI
   * run lost the "e" of "future-city" there). Only the first call does anything.
   */
  committed(): void;
  /**
   * Called once the live page's own effects have run: sets what was entered (followed by what was
   * typed into the focused field since `committed`), replays the held click or submission. Calls
   * `committed` first if it was not. Only the first call does anything.
   */
  replay(): void;
}

/**
 * Once a press begun on a static element is released on `element`, its live counterpart, clicks
 * it, unless the browser did (it does not: the press was on an element no longer there, so it
 * sends the click to an ancestor of both, if anywhere). A release elsewhere, another press first
 * or a cancelled one clicks nothing, as in a browser.
 */
function clickOnRelease(pressed: Pressed, live: Element | null): void {
  if (!(live instanceof HTMLElement)) return;
  const element: HTMLElement = live;
  const doc = element.ownerDocument;
  const byMouse = pressed.by === 'mouse';
  const listening: [string, (event: Event) => void][] = [
    [byMouse ? 'pointerup' : 'keyup', onRelease],
    // A new press ends this one (a held key's repeats do not).
    [byMouse ? 'pointerdown' : 'keydown', (event) => (event instanceof KeyboardEvent && event.repeat ? undefined : stop())],
    ['pointercancel', stop],
  ];
  function stop() {
    for (const [type, listener] of listening) doc.removeEventListener(type, listener, true);
  }
  function onRelease(event: Event) {
    if (byMouse ? (event as PointerEvent).button !== 0 : (event as KeyboardEvent).key !== ' ') return;
    stop();
    const on = byMouse ? event.target : doc.activeElement;
    if (!(on instanceof Node) || !element.contains(on)) return;
    let clicked = false;
    const onClick = (click: Event) => {
      if (click.target instanceof Node && element.contains(click.target)) clicked = true;
    };
    // The browser's click, if it sends one, comes in the release's own task.
    doc.addEventListener('click', onClick, true);
    setTimeout(() => {
      doc.removeEventListener('click', onClick, true);
      if (!clicked && element.isConnected) element.click();
    }, 0);
  }
  for (const [type, listener] of listening) doc.addEventListener(type, listener, true);
}

const typesText = (field: Field): field is HTMLInputElement | HTMLTextAreaElement =>
  field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio');

/**
 * Starts holding what a person does on the static page inside `root` (see the file's comment).
 * `answeredStatically`: a control the static page answers itself (its Log in opens the static
 * login dialog, ADR 075); its click is not replayed, and it ends the hold of an earlier one.
 */
export function holdStaticInteractions(root: HTMLElement, answeredStatically: (control: Element) => boolean = () => false): StaticInteractions {
  let held: Held | null = null;
  let focused: { path: Path; identity: string } | null = null;
  const entered = new Map<string, { path: Path; entered: Entered }>();

  const remember = (node: Element, kind: Held['kind']) => {
    const path = pathOf(staticBase(root, node), node);
    if (path) held = { kind, path, identity: identity(node) };
  };
  let pressed: Pressed | null = null;
  const press = (event: Event, by: Pressed['by']) => {
    // Space works a button, not a link (it scrolls the page there).
    const target = event.target instanceof Element ? event.target.closest(by === 'mouse' ? PRESSABLE : `button, ${SCRIPTED_CONTROL}`) : null;
    const path = target && root.contains(target) ? pathOf(staticBase(root, target), target) : null;
    pressed = target && path ? { by, path, identity: identity(target) } : null;
  };
  const onPointerDown = (event: Event) => {
    const pointer = event as PointerEvent;
    // A touch or pen gesture never sees the swap: the live page starts once it has ended (onFirstIntent).
    if (pointer.pointerType === 'mouse' && pointer.button === 0) press(event, 'mouse');
  };
  const onKeyDown = (event: Event) => {
    if ((event as KeyboardEvent).repeat) return;
    if ((event as KeyboardEvent).key === ' ') press(event, 'space');
    else pressed = null;
  };
  const onClick = (event: Event) => {
    pressed = null;
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    const control = target.closest(SCRIPTED_CONTROL);
    if (control && root.contains(control) && answeredStatically(control)) held = null;
    else if (control && root.contains(control)) remember(control, 'click');
  };
  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    // Without the live page a form would be sent as a page load with its fields in the address.
    event.preventDefault();
    remember(event.target, 'submit');
  };
  const onEntry = (event: Event) => {
    const field = event.target;
    if (!isField(field)) return;
    const path = pathOf(staticBase(root, field), field);
    if (!path) return;
    const checked = field instanceof HTMLInputElement ? field.checked : false;
    entered.set(path.join('/'), { path, entered: { identity: fieldIdentity(field), value: field.value, checked } });
  };
  const onFocus = (event: Event) => {
    const path = event.target instanceof Element ? pathOf(staticBase(root, event.target), event.target) : null;
    focused = path && event.target instanceof Element ? { path, identity: identity(event.target) } : null;
  };
  const listeners: [string, (event: Event) => void][] = [
    ['pointerdown', onPointerDown],
    ['pointercancel', () => (pressed = null)],
    ['keydown', onKeyDown],
    ['click', onClick],
    ['submit', onSubmit],
    ['input', onEntry],
    ['change', onEntry],
    ['focusin', onFocus],
  ];
  for (const [type, listener] of listeners) root.addEventListener(type, listener, true);

  const same = (path: Path, id: string) => {
    const element = atPath(root, path);
    return element && identity(element) === id ? element : null;
  };
  let live: { field: HTMLInputElement | HTMLTextAreaElement; value: string } | null = null;
  let wasCommitted = false;
  const committed = () => {
    if (wasCommitted) return;
    wasCommitted = true;
    for (const [type, listener] of listeners) root.removeEventListener(type, listener, true);
    if (pressed) clickOnRelease(pressed, same(pressed.path, pressed.identity));
    // Only a focus the swap took away: one the person moved elsewhere (the static login dialog,
    // outside the root) stays where it is.
    const focus = focused && focusIsLost(document) ? same(focused.path, focused.identity) : null;
    if (!(focus instanceof HTMLElement)) return;
    focus.focus();
    if (isField(focus) && typesText(focus)) live = { field: focus, value: focus.value };
  };
  let replayed = false;
  return {
    committed,
    replay() {
      if (replayed) return;
      replayed = true;
      committed();
      for (const { path, entered: value } of entered.values()) {
        const field = atPath(root, path);
        if (!isField(field) || fieldIdentity(field) !== value.identity) continue;
        // What was typed into the live field between the render and now comes after what was
        // typed on the static one; a field the person has since changed otherwise keeps their change.
        const typedSince = live?.field === field && field.value !== live.value;
        if (!typedSince) enter(field, value);
        else if (live && field.value.startsWith(live.value)) enter(field, { ...value, value: value.value + field.value.slice(live.value.length) });
      }
      const last = held as Held | null;
      const target = last ? same(last.path, last.identity) : null;
      if (last?.kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
      else if (last?.kind === 'click' && target instanceof HTMLElement) target.click();
    },
  };
}

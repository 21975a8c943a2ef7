/**
 * What a person does on a prerendered home while it is still the static page (ADR 040), carried
 * over to the live page that takes its place (`live-on-intent.ts` says when it starts):
 * - a link is followed by the browser, as on any page (it is a real `<a href>`);
 * - a click on a control that only JavaScript makes work (a button, a tab, …) and a form's
 *   submission are held, the last one of them replayed on the same control of the live page;
 * - what is typed, chosen or ticked is kept and set on the same field of the live page, with
 *   the input or change event the page listens to; the focus moves to the same element;
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
import { WIDTH_VARIANT_ATTRIBUTE } from './prerender-marker';

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

/**
 * The prerendered home's own answer to a tap on Log in (ADR 075). The page carries the login
 * dialog as HTML (`<dialog data-chi-static-dialog="login">`, static-login-dialog.tsx); this code,
 * part of the small entry, opens it with `showModal()` in the tap's own task, so the e-mail field
 * is painted in the next frame, seconds before the live page could draw its dialog. The native
 * dialog traps the focus, closes on Escape and makes the page behind it inert.
 *
 * While it is static: what is typed stays in its fields; Log in (submit) is enabled as the live
 * form enables it; a submission is queued (the form is marked busy and its fields read-only) and
 * sent by the live form; a press on one of its other buttons (forgot, register, session key) is
 * queued and replayed on the live one; closing it (its ×, Back, the overlay, Escape) closes it.
 *
 * Once the live page is in (`handOver`, after the held input of ADR 040 is replayed): a closed
 * static dialog is removed and nothing opens. An open one makes the live page open its own
 * dialog (the live Log in is clicked), and in the first frame where the live form is laid out
 * the fields' values, the focus and the caret are carried over to it and the static dialog
 * is closed and removed — in one task, so no frame shows neither or both, and every keystroke
 * lands in one field or the other, never both, never neither (`carryOver`).
 */
import { isValidEmail } from '@chi/contract';
import { focusIsLost } from '../../ui/focus-lost';
import { LOGIN_FORM_ATTRIBUTE, STATIC_ANSWER_ATTRIBUTE, STATIC_DIALOG_ATTRIBUTE, WIDTH_VARIANT_ATTRIBUTE } from '../prerender-marker';

const WIDTH_VARIANT_SELECTOR = `[${WIDTH_VARIANT_ATTRIBUTE}]`;

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** A field's place in its form: its type and its autocomplete hint (the login form has one of each). */
function fieldKey(field: TextField): string {
  return `${field.getAttribute('type') ?? 'text'}|${field.getAttribute('autocomplete') ?? ''}`;
}

const textFields = (form: HTMLFormElement) => Array.from(form.querySelectorAll<TextField>('input:not([type="hidden"]), textarea'));

/** Sets a field's value the way typing does, so the live page's state hears of it. */
function setValue(field: TextField, value: string): void {
  if (field.value === value) return;
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The caret and selection of a field, where its type has one (an e-mail field does not expose it). */
function selectionOf(field: TextField): { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null {
  try {
    if (field.selectionStart === null || field.selectionEnd === null) return null;
    return { start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection ?? 'none' };
  } catch {
    return null;
  }
}

/**
 * Carries what was entered in the static form over to the live one: each value to the live field
 * of the same type and autocomplete hint (with the input event React listens to), then the focus
 * to the live twin of the focused static field, with its caret (at the end where the type hides
 * it: where typing leaves it). Returns the live field focused, if any. Values are only copied,
 * never logged or kept anywhere else.
 */
export function carryOver(from: HTMLFormElement, to: HTMLFormElement, focused: Element | null): TextField | null {
  const live = new Map(textFields(to).map((field) => [fieldKey(field), field]));
  let target: TextField | null = null;
  for (const field of textFields(from)) {
    const twin = live.get(fieldKey(field));
    if (!twin) continue;
    setValue(twin, field.value);
    if (field === focused) target = twin;
  }
  if (!target || !(focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) return null;
  const selection = selectionOf(focused);
  target.focus({ preventScroll: true });
  try {
    if (selection) target.setSelectionRange(selection.start, selection.end, selection.direction);
    else target.setSelectionRange(target.value.length, target.value.length);
  } catch {
    // An e-mail field has no selection API; focusing it after its value was set leaves the caret at the end.
  }
  return target;
}

/** The text a button is known by (its label or text), to find its live twin. */
const buttonName = (button: Element) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim().replace(/\s+/g, ' ');

export interface StaticLogin {
  /** Whether `control` is the Log in this dialog answers (ADR 040's hold leaves its click alone). */
  answers(control: Element): boolean;
  /** Once the live page is in `root`: hands an open dialog over to the live one; removes a closed one. */
  handOver(root: HTMLElement): void;
}

/** How long the hand-over waits for the live dialog before leaving the static one open (it stays usable). */
const HANDOVER_TIMEOUT_MS = 15_000;

/** Wires the page's static login dialog, if it has one (see the file's comment). */
export function staticLogin(doc: Document = document): StaticLogin | null {
  const dialog = doc.querySelector<HTMLDialogElement>(`dialog[${STATIC_DIALOG_ATTRIBUTE}="login"]`);
  const form = dialog?.querySelector('form');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!dialog || !form || !submit || typeof dialog.showModal !== 'function') return null;
  const email = form.querySelector<HTMLInputElement>('input[type="email"]');
  const password = form.querySelector<HTMLInputElement>('input[type="password"]');
  const answerSelector = `[${STATIC_ANSWER_ATTRIBUTE}="login"]`;
  let queuedSubmit = false;
  let queuedPress: string | null = null;
  let composing = false;
  let handedOver = false;
  let opened = false;
  // The person pressed the live Log in themselves after closing the static dialog: the live
  // dialog that comes is theirs and stays open.
  let reopened = false;

  const close = () => {
    if (dialog.open) dialog.close();
  };
  const updateSubmit = () => {
    // As the live form: Log in is enabled for a valid e-mail and any password (login-form.tsx).
    const valid = isValidEmail(email?.value ?? '') && (password?.value ?? '').length > 0 && !queuedSubmit;
    submit.disabled = !valid;
    submit.toggleAttribute('data-disabled', !valid);
  };

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    // Only the static page's Log in (inside a width variant), and only before the hand-over: the
    // live one opens the live dialog. The static dialog's own buttons answer until it is removed.
    // (The hand-over's own click on it comes while the static dialog is still open.)
    if (handedOver && !dialog.open && target.closest(answerSelector)) reopened = true;
    if (target.closest(`${WIDTH_VARIANT_SELECTOR} ${answerSelector}`)) {
      if (handedOver) return;
      if (!dialog.open) dialog.showModal();
      opened = true;
      email?.focus();
      return;
    }
    if (!dialog.contains(target)) return;
    // The overlay (outside the box), the × and Back close; the box's other buttons wait for the live page.
    if (target.closest('.mantine-Modal-overlay, .mantine-Modal-close')) return close();
    const button = target.closest('button[type="button"]');
    if (!button || !form.contains(button) || button.closest('.mantine-PasswordInput-section')) return;
    if (button.closest('.mantine-Group-root')?.contains(submit)) return close();
    queuedPress = buttonName(button);
    form.setAttribute('aria-busy', 'true');
  });
  form.addEventListener('input', updateSubmit);
  form.addEventListener('compositionstart', () => (composing = true));
  form.addEventListener('compositionend', () => (composing = false));
  form.addEventListener('submit', (event) => {
    // Without the live page the browser would load the page with the fields in its address.
    event.preventDefault();
    if (submit.disabled) return;
    // Sent by the live form, with what is in the fields now: they stay as sent meanwhile.
    queuedSubmit = true;
    form.setAttribute('aria-busy', 'true');
    submit.setAttribute('data-loading', 'true');
    for (const field of textFields(form)) field.readOnly = true;
    updateSubmit();
  });

  const swap = (liveForm: HTMLFormElement) => {
    const focused = dialog.contains(doc.activeElement) ? doc.activeElement : null;
    // The page behind a modal dialog is inert: focus can move there only once it is closed.
    close();
    const target = carryOver(form, liveForm, focused);
    if (!target) liveForm.querySelector<HTMLElement>('input[type="email"]')?.focus();
    dialog.remove();
    if (queuedSubmit) liveForm.requestSubmit();
    else if (queuedPress) {
      const name = queuedPress;
      Array.from(liveForm.querySelectorAll('button[type="button"]')).find((b) => buttonName(b) === name)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }
  };

  return {
    answers: (control) => control.matches(answerSelector),
    handOver(root) {
      if (handedOver) return;
      handedOver = true;
      if (!dialog.open) {
        dialog.remove();
        // Closed before the live page was in, its focus went back to the static page's Log in. If
        // it closed after the live render had replaced that button (Escape in that window), the
        // focus is on nothing: it goes to the live Log in, as after any dialog.
        if (opened && focusIsLost(doc)) root.querySelector<HTMLElement>(answerSelector)?.focus();
        return;
      }
      const opener = root.querySelector<HTMLElement>(answerSelector);
      if (!opener) return;
      // A programmatic click reaches the live button although the static dialog keeps it inert.
      opener.click();
      const started = performance.now();
      const wait = () => {
        // The live login form only: a Register opened after the static dialog closed is not it.
        const liveForm = Array.from(doc.querySelectorAll<HTMLFormElement>(`[role="dialog"] form[${LOGIN_FORM_ATTRIBUTE}]`)).find((f) => !dialog.contains(f));
        // Laid out and opaque (a transition would show both for a moment); not while a composition is under way.
        const content = liveForm?.closest<HTMLElement>('[role="dialog"]');
        const ready = liveForm && content && content.getBoundingClientRect().height > 0 && getComputedStyle(content).opacity === '1' && !composing;
        if (!dialog.open && reopened) dialog.remove();
        else if (!dialog.open && content) {
          // Closed while the live dialog was coming: that one closes too, and the focus goes back
          // to Log in as after any dialog (the static page's button it returned to is gone).
          dialog.remove();
          content.querySelector<HTMLElement>('.mantine-Modal-close')?.click();
          const closing = performance.now();
          const refocus = () => {
            if (content.isConnected && performance.now() - closing < 2_000) return void requestAnimationFrame(refocus);
            if (focusIsLost(doc)) opener.focus();
          };
          requestAnimationFrame(refocus);
        } else if (ready && liveForm) swap(liveForm);
        else if (performance.now() - started < HANDOVER_TIMEOUT_MS) requestAnimationFrame(wait);
        else if (!dialog.open) dialog.remove();
      };
      requestAnimationFrame(wait);
    },
  };
}

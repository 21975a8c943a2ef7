/**
 * Focus for every query-driven modal (issue 18): it opens on its first field, not on the close
 * button, and on close focus goes back to the control that opened it, not to `<body>`.
 *
 * Mantine's own handling cannot do either here: the bodies are lazy, so when its focus trap
 * starts only the close button exists; and closing clears the query, which unmounts the host
 * at once, so Mantine's return-focus (run on the `opened` change) never happens.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { focusIsLost } from '../../ui/focus-lost';
import { STATIC_ANSWER_ATTRIBUTE, STATIC_DIALOG_ATTRIBUTE } from '../prerender-marker';

const FIELD_SELECTOR = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const TABBABLE_SELECTOR = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The element a modal body should start on: `[data-autofocus]`, else its first field, else its first control. */
export function firstFocusTarget(body: HTMLElement): HTMLElement | null {
  const visible = (el: HTMLElement) => !el.closest('[hidden], [aria-hidden="true"]');
  const pick = (selector: string) => Array.from(body.querySelectorAll<HTMLElement>(selector)).find(visible) ?? null;
  return pick('[data-autofocus]') ?? pick(FIELD_SELECTOR) ?? pick(TABBABLE_SELECTOR);
}

/**
 * Focuses the body's first field once it has rendered. Mantine's trap focuses in a zero-delay
 * timer started when the dialog mounts; ours starts later, so it wins when both run together.
 * Focus the person already moved into the body is left alone.
 */
export function useFocusFirstField(body: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      const node = body.current;
      if (!node) return;
      const active = document.activeElement;
      if (active instanceof HTMLElement && node.contains(active)) return;
      firstFocusTarget(node)?.focus();
    });
    return () => clearTimeout(timer);
  }, [body]);
}

/** Where focus returns: the opener, or, for an item of a menu that closed meanwhile, the menu's button. */
function openerOf(active: Element | null): { opener: HTMLElement; fallback: HTMLElement | null } | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  // Opened over the prerendered page's static dialog (ADR 075): that one goes, its opener was the page's Log in.
  const staticDialog = active.closest(`[${STATIC_DIALOG_ATTRIBUTE}]`)?.getAttribute(STATIC_DIALOG_ATTRIBUTE);
  if (staticDialog) {
    const opener = document.querySelector<HTMLElement>(`#root [${STATIC_ANSWER_ATTRIBUTE}="${CSS.escape(staticDialog)}"]`);
    return opener ? { opener, fallback: null } : null;
  }
  const menuId = active.closest('[role="menu"]')?.id;
  const fallback = menuId ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menuId)}"]`) : null;
  return { opener: active, fallback };
}

/** Call in the modal host: remembers what had focus when it mounted and gives focus back on unmount. */
export function useReturnFocusToOpener(): void {
  // Read during the first render: the dialog has not taken focus yet.
  const opener = useRef<ReturnType<typeof openerOf> | undefined>(undefined);
  if (opener.current === undefined) opener.current = typeof document === 'undefined' ? null : openerOf(document.activeElement);
  useEffect(
    () => () => {
      const target = opener.current;
      if (!target) return;
      // After the dialog and its portal are gone, so the focus is not trapped or removed again.
      setTimeout(() => {
        if (!focusIsLost(document)) return;
        const element = target.opener.isConnected ? target.opener : target.fallback;
        element?.focus();
      });
    },
    [],
  );
}

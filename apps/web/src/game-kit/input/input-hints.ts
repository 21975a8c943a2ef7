/**
 * Which input the hints show: keys on a device with a keyboard, buttons on a touch device.
 * The first guess is the media query (a coarse pointer that cannot hover: a phone or tablet);
 * then the last input seen wins (a tablet with a keyboard, a laptop with a touch screen).
 */
import { useSyncExternalStore } from 'react';

export type HintStyle = 'keys' | 'touch';

const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

let seen: HintStyle | null = null;
/** The last input's own kind, for the session context (ADR 026): a mouse is not a keyboard there. */
let lastInput: 'touch' | 'mouse' | 'keyboard' | null = null;
const listeners = new Set<() => void>();

function guess(): HintStyle {
  if (seen) return seen;
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'keys';
  return window.matchMedia(TOUCH_QUERY).matches ? 'touch' : 'keys';
}

function set(next: HintStyle): void {
  if (seen === next) return;
  seen = next;
  for (const listener of listeners) listener();
}

function onPointer(event: PointerEvent): void {
  lastInput = event.pointerType === 'mouse' ? 'mouse' : 'touch';
  set(event.pointerType === 'touch' || event.pointerType === 'pen' ? 'touch' : 'keys');
}

function onKey(): void {
  lastInput = 'keyboard';
  set('keys');
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('pointerdown', onPointer, { capture: true, passive: true });
    window.addEventListener('keydown', onKey, { capture: true, passive: true });
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('pointerdown', onPointer, { capture: true });
      window.removeEventListener('keydown', onKey, { capture: true });
    }
  };
}

/** The hint style now; re-renders when the participant switches input. */
export function useHintStyle(): HintStyle {
  return useSyncExternalStore(subscribe, guess, () => 'keys');
}

/**
 * The participant's input type: the last input seen, else the hints' guess (a touch device,
 * or a keyboard where the hints show keys). Listens from the first call on.
 */
export function currentInputType(): 'touch' | 'mouse' | 'keyboard' {
  if (typeof window !== 'undefined' && listeners.size === 0) subscribe(() => undefined);
  return lastInput ?? (guess() === 'touch' ? 'touch' : 'keyboard');
}

/** Test helper: forget the inputs seen. */
export function resetHintStyle(): void {
  seen = null;
  lastInput = null;
}

/**
 * Whether to word the answer hints for touch: a device whose main pointer is coarse and cannot
 * hover (a phone or tablet), or the last input was a touch. Key hints ("Keys: ← …") only make
 * sense with a keyboard (issue 25 item 9).
 */
import { useSyncExternalStore } from 'react';

const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';
let lastPointer: 'touch' | 'other' | null = null;
const listeners = new Set<() => void>();

function onPointer(event: PointerEvent): void {
  const next = event.pointerType === 'touch' || event.pointerType === 'pen' ? 'touch' : 'other';
  if (next === lastPointer) return;
  lastPointer = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('pointerdown', onPointer, { capture: true, passive: true });
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('pointerdown', onPointer, { capture: true });
  };
}

function isTouch(): boolean {
  if (lastPointer) return lastPointer === 'touch';
  return typeof window.matchMedia === 'function' && window.matchMedia(TOUCH_QUERY).matches;
}

export function useTouchHints(): boolean {
  return useSyncExternalStore(subscribe, isTouch, () => false);
}

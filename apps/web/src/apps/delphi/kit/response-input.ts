/**
 * The game kit's one way of taking a response (DESIGN §7, issue 18): a key or a pointer, both
 * mapped to the same responses. The response time is the input event's own `timeStamp`
 * (`keydown`, or `pointerdown`: the touch, not the release), on the same clock as the onset,
 * so a tap and a key press are timed alike; the record keeps how the response was given.
 */
import { useEffect, useRef } from 'react';
import type { delphi } from '@chi/contract';
import { eventEpoch } from '../ui/use-stimulus-onset';

export type InputModality = delphi.InputModality;

/** A response as every game logs it. */
export interface GivenResponse<R extends string> {
  response: R;
  /** `performance.timeOrigin + event.timeStamp`, epoch ms. */
  respondedAt: number;
  modality: InputModality;
}

/** The modality of a pointer event's `pointerType`; an unknown or empty type counts as a mouse. */
export function pointerModality(pointerType: string): InputModality {
  return pointerType === 'touch' || pointerType === 'pen' ? pointerType : 'mouse';
}

/** The response a key event gives, or null: not an answer key, or held down (auto-repeat). */
export function keyResponse<R extends string>(keys: Readonly<Record<string, R>>, event: { key: string; repeat: boolean }): R | null {
  if (event.repeat || !Object.hasOwn(keys, event.key)) return null;
  return keys[event.key] ?? null;
}

export function keyInput<R extends string>(response: R, event: { timeStamp: number }): GivenResponse<R> {
  return { response, respondedAt: eventEpoch(event), modality: 'key' };
}

export function pointerInput<R extends string>(response: R, event: { timeStamp: number; pointerType: string }): GivenResponse<R> {
  return { response, respondedAt: eventEpoch(event), modality: pointerModality(event.pointerType) };
}

/**
 * Listens for the answer keys on the window while mounted. The keys' default (scrolling) is
 * always prevented; `onResponse` decides whether the answer counts (e.g. only after onset).
 */
export function useKeyResponses<R extends string>(keys: Readonly<Record<string, R>>, onResponse: (given: GivenResponse<R>) => void): void {
  const latest = useRef(onResponse);
  latest.current = onResponse;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!Object.hasOwn(keys, event.key)) return;
      event.preventDefault();
      const response = keyResponse(keys, event);
      if (response !== null) latest.current(keyInput(response, event));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);
}

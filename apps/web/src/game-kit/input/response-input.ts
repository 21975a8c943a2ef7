/**
 * The game kit's one way of taking a response (DESIGN §7, issue 18): a key or a pointer, both
 * mapped to the same responses. The response time is the input event's own `timeStamp`
 * (`keydown`, or `pointerdown`: the touch, not the release), on the same clock as the onset,
 * so a tap and a key press are timed alike; the record keeps how the response was given.
 */
import { useEffect, useRef } from 'react';
import type { delphi } from '@chi/contract';
import { eventEpoch } from '../timing/timing';
import type { ResponseTiming, StimulusClock } from '../timing/stimulus-clock';

export type InputModality = delphi.InputModality;

/** A response as every game logs it. */
export interface GivenResponse<R extends string> {
  response: R;
  /** `performance.timeOrigin + event.timeStamp`, epoch ms. */
  respondedAt: number;
  /** The event's own `timeStamp` (performance clock): what the timing module times. */
  eventTime: number;
  modality: InputModality;
}

/** A response the stimulus clock timed (ADR 013): `rtMs`, `promptedAt`, `frameIntervalMs` besides the input. */
export type TimedResponse<R extends string> = GivenResponse<R> & ResponseTiming;

/** The kit's clock type: anticipations are reported with the given response's fields. */
export type ResponseClock = StimulusClock<GivenResponse<string>>;

/**
 * Hands a given response on: as is without a clock; with one, only a response to the presented
 * stimulus, timed from its onset (an anticipation goes to the clock's `onAnticipation`).
 */
export function deliver<R extends string>(
  given: GivenResponse<R>,
  onResponse: ((given: GivenResponse<R>) => void) | ((given: TimedResponse<R>) => void),
  clock: ResponseClock | undefined,
): void {
  if (!clock) {
    (onResponse as (given: GivenResponse<R>) => void)(given);
    return;
  }
  // Touched before this game's screen was there: aimed at the screen before (a double tap on
  // Start), neither a response nor an anticipation. Times are not touched (ADR 013).
  if (given.eventTime < clock.since) return;
  const timed = clock.time(given);
  if (timed) (onResponse as (given: TimedResponse<R>) => void)(timed as TimedResponse<R>);
}

/**
 * Makes `onResponse` (this render's) the clock's receiver of inputs that waited for an onset
 * and were stamped at or after it (ADR 013 amended): called while rendering, like the clock's
 * handlers, so the response reaches the handler that knows the stimulus it answers.
 */
export function listenLate<R extends string>(clock: ResponseClock, onResponse: (given: TimedResponse<R>) => void): void {
  clock.responder = onResponse as (given: TimedResponse<string>) => void;
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
  return { response, respondedAt: eventEpoch(event), eventTime: event.timeStamp, modality: 'key' };
}

export function pointerInput<R extends string>(response: R, event: { timeStamp: number; pointerType: string }): GivenResponse<R> {
  return { response, respondedAt: eventEpoch(event), eventTime: event.timeStamp, modality: pointerModality(event.pointerType) };
}

/**
 * Listens for the answer keys on the window while mounted. The keys' default (scrolling) is
 * always prevented. With a stimulus clock (ADR 013), `onResponse` gets only responses to the
 * presented stimulus, with their `rtMs`; a key before the onset is an anticipation (the
 * clock's `onAnticipation`). Without one, `onResponse` decides whether the answer counts.
 */
export function useKeyResponses<R extends string>(keys: Readonly<Record<string, R>>, onResponse: (given: GivenResponse<R>) => void): void;
export function useKeyResponses<R extends string>(
  keys: Readonly<Record<string, R>>,
  onResponse: (given: TimedResponse<R>) => void,
  clock: ResponseClock,
): void;
export function useKeyResponses<R extends string>(
  keys: Readonly<Record<string, R>>,
  onResponse: ((given: GivenResponse<R>) => void) | ((given: TimedResponse<R>) => void),
  clock?: ResponseClock,
): void {
  const latest = useRef({ onResponse, clock });
  latest.current = { onResponse, clock };
  if (clock) listenLate(clock, onResponse as (given: TimedResponse<R>) => void);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!Object.hasOwn(keys, event.key)) return;
      event.preventDefault();
      const response = keyResponse(keys, event);
      if (response !== null) deliver(keyInput(response, event), latest.current.onResponse, latest.current.clock);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);
}

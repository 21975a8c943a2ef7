/**
 * Large answer buttons at the bottom of the game area (thumb-reachable on a phone), mapped to
 * the same responses as the keys. They answer on `pointerdown`, timed by its `timeStamp` like a
 * key; a focused button activated from the keyboard (a click with `detail` 0) counts as a key.
 * On a device with a keyboard each button also shows its key. Every button looks the same at
 * all times (one variant, no hover fill), so the look never favours one answer.
 */
import type { MouseEvent, PointerEvent } from 'react';
import { Box, Button, Kbd, SimpleGrid } from '@mantine/core';
import { deliver, keyInput, listenLate, pointerInput, type GivenResponse, type ResponseClock, type TimedResponse } from './response-input';
import { useHintStyle } from './input-hints';
import classes from './response-buttons.module.css';

export interface ResponseOption<R extends string> {
  response: R;
  /** What the button says, e.g. "not 3". */
  label: string;
  /** The key that gives the same response, shown on keyboard devices, e.g. "←". */
  keyLabel?: string;
  /** Where the key sits: before or after the label (a left arrow reads on the left). */
  keySide?: 'start' | 'end';
}

/**
 * When a press becomes an answer. `press` (speeded tasks): at `pointerdown`, the touch itself.
 * `tap` (choices a participant may need to scroll past, such as a quiz's options on a small
 * phone): at the release of a press that neither moved more than TAP_SLOP_PX nor was taken
 * over by the browser for scrolling (`pointercancel`), so a swipe that starts on an option
 * picks nothing. Both are timed by the `pointerdown`'s `timeStamp`: when the participant
 * touched, not when they let go.
 */
export type AnswerCommit = 'press' | 'tap';

/** How far a finger may drift during a tap (CSS px); beyond it the press is a swipe. */
export const TAP_SLOP_PX = 12;

export interface ResponseHandlerOptions {
  commit?: AnswerCommit;
}

export interface ResponseHandlerProps {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

/** The press waiting for its release, per button (handlers are re-made each render). */
const pressed = new WeakMap<Element, { pointerId: number; x: number; y: number; given: GivenResponse<string> }>();

/**
 * The handlers that make any button an answer: a press answers (timed by its `pointerdown`'s
 * `timeStamp`, modality from `pointerType`) at once or, with `commit: 'tap'`, at its release;
 * the click that follows a pointer is ignored, and a click from the keyboard (`detail` 0: Enter
 * or Space on the focused button) answers as a key.
 * With a stimulus clock (ADR 013) only a response to the presented stimulus reaches
 * `onResponse`, with its `rtMs`; an earlier press goes to the clock's `onAnticipation`.
 */
export function responseHandlers<R extends string>(
  response: R,
  onResponse: (given: GivenResponse<R>) => void,
  clock?: undefined,
  options?: ResponseHandlerOptions,
): ResponseHandlerProps;
export function responseHandlers<R extends string>(
  response: R,
  onResponse: (given: TimedResponse<R>) => void,
  clock: ResponseClock,
  options?: ResponseHandlerOptions,
): ResponseHandlerProps;
export function responseHandlers<R extends string>(
  response: R,
  onResponse: ((given: GivenResponse<R>) => void) | ((given: TimedResponse<R>) => void),
  clock?: ResponseClock,
  { commit = 'press' }: ResponseHandlerOptions = {},
): ResponseHandlerProps {
  if (clock) listenLate(clock, onResponse as (given: TimedResponse<R>) => void);
  return {
    onPointerDown: (event) => {
      // A mouse's other buttons are no answer; touch and pen report button 0.
      if (event.button !== 0) return;
      // No focus ring or text selection from a tap.
      event.preventDefault();
      const given = pointerInput(response, event.nativeEvent);
      if (commit === 'press') deliver(given, onResponse, clock);
      else pressed.set(event.currentTarget, { pointerId: event.pointerId, x: event.clientX, y: event.clientY, given });
    },
    onPointerUp: (event) => {
      const press = pressed.get(event.currentTarget);
      if (!press || press.pointerId !== event.pointerId) return;
      pressed.delete(event.currentTarget);
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > TAP_SLOP_PX) return;
      deliver(press.given as GivenResponse<R>, onResponse, clock);
    },
    onPointerCancel: (event) => {
      pressed.delete(event.currentTarget);
    },
    onClick: (event) => {
      if (event.detail === 0) deliver(keyInput(response, event.nativeEvent), onResponse, clock);
    },
  };
}

/**
 * An answer button's label: it wraps (the key hint under a long word) rather than being cut by
 * the button's edge, and a word longer than the button breaks as a last resort (issue: Danish
 * "Overrasket" at 320 px). Mantine's label is a one-line flex row that hides its overflow.
 */
export const ANSWER_LABEL_STYLE = {
  whiteSpace: 'normal',
  lineHeight: 1.2,
  flexWrap: 'wrap',
  justifyContent: 'center',
  rowGap: 0,
  textAlign: 'center',
  overflowWrap: 'anywhere',
} as const;

/** At least 48 px (WCAG target size and Material's touch target); 64 px is easy for a thumb. */
export const TOUCH_TARGET_PX = 64;

type ResponseButtonsProps<R extends string> = {
  options: readonly ResponseOption<R>[];
  /** Accessible name of the group. */
  label: string;
} & (
  | { onResponse: (given: GivenResponse<R>) => void; clock?: undefined }
  /** With the game's stimulus clock: timed responses only (ADR 013). */
  | { onResponse: (given: TimedResponse<R>) => void; clock: ResponseClock }
);

export function ResponseButtons<R extends string>({ options, onResponse, clock, label }: ResponseButtonsProps<R>) {
  const hints = useHintStyle();
  return (
    <Box role="group" aria-label={label} className={classes.bar}>
      <SimpleGrid cols={options.length} spacing="sm">
        {options.map((option) => (
          <Button
            key={option.response}
            variant="default"
            size="xl"
            h={TOUCH_TARGET_PX}
            px="xs"
            data-response={option.response}
            {...(clock
              ? responseHandlers(option.response, onResponse as (given: TimedResponse<R>) => void, clock)
              : responseHandlers(option.response, onResponse as (given: GivenResponse<R>) => void))}
            // No hover fill: a mouse resting on the last answer (or a touch screen's sticky hover)
            // would show one button filled and the other outlined — a response bias (issue 25 item 9).
            style={{ touchAction: 'manipulation', userSelect: 'none', '--button-hover': 'var(--mantine-color-default)' }}
            styles={{ label: { ...ANSWER_LABEL_STYLE, columnGap: 8 } }}
          >
            {hints === 'keys' && option.keyLabel && option.keySide !== 'end' && <Kbd aria-hidden>{option.keyLabel}</Kbd>}
            {option.label}
            {hints === 'keys' && option.keyLabel && option.keySide === 'end' && <Kbd aria-hidden>{option.keyLabel}</Kbd>}
          </Button>
        ))}
      </SimpleGrid>
    </Box>
  );
}

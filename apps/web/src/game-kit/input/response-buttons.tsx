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
 * The handlers that make any button an answer: `pointerdown` answers (timed by its
 * `timeStamp`, modality from `pointerType`); the click that follows a pointer is ignored, and
 * a click from the keyboard (`detail` 0: Enter or Space on the focused button) answers as a key.
 * With a stimulus clock (ADR 013) only a response to the presented stimulus reaches
 * `onResponse`, with its `rtMs`; an earlier press goes to the clock's `onAnticipation`.
 */
export function responseHandlers<R extends string>(
  response: R,
  onResponse: (given: GivenResponse<R>) => void,
): { onPointerDown: (event: PointerEvent<HTMLElement>) => void; onClick: (event: MouseEvent<HTMLElement>) => void };
export function responseHandlers<R extends string>(
  response: R,
  onResponse: (given: TimedResponse<R>) => void,
  clock: ResponseClock,
): { onPointerDown: (event: PointerEvent<HTMLElement>) => void; onClick: (event: MouseEvent<HTMLElement>) => void };
export function responseHandlers<R extends string>(
  response: R,
  onResponse: ((given: GivenResponse<R>) => void) | ((given: TimedResponse<R>) => void),
  clock?: ResponseClock,
) {
  if (clock) listenLate(clock, onResponse as (given: TimedResponse<R>) => void);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      // A mouse's other buttons are no answer; touch and pen report button 0.
      if (event.button !== 0) return;
      // No focus ring or text selection from a tap.
      event.preventDefault();
      deliver(pointerInput(response, event.nativeEvent), onResponse, clock);
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.detail === 0) deliver(keyInput(response, event.nativeEvent), onResponse, clock);
    },
  };
}

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
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2, gap: 8 } }}
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

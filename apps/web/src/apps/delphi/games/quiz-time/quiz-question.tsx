/**
 * One Quiz Time question on screen: its number, the card with the question and its options.
 *
 * Plain elements wearing the markup Mantine's `Text`, `Card`, `Title`, `SimpleGrid` and
 * `Button variant="default" size="lg"` render (the same classes, CSS variables and data
 * attributes, so the same stylesheet rules: hover, focus ring, pressed state, sizes), without
 * their render-time work: on the throttled phone that work was most of the Start tap's render
 * and of every next question's (issue 23, ADR 075 h24). `quiz-question.test.tsx` compares this
 * markup with Mantine's own, so an upgrade of Mantine that changes it fails there, not on screen.
 *
 * Each option is memoised on its label and readiness: the onset frame's `data-ready` change
 * re-renders four small buttons, not the card. `onAnswer` and `clock` must be stable.
 */
import { memo, type CSSProperties } from 'react';
import { Button, Card, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { responseHandlers } from '../../../../game-kit/input/response-buttons';
import type { ResponseClock, TimedResponse } from '../../../../game-kit/input/response-input';
import { HEADING_WRAP } from '../../../../shell/theme';
import classes from './quiz-question.module.css';

/** Mantine's classes for each part, from the components themselves (their hashed names follow Mantine's version). */
const TEXT_CLASS = `mantine-focus-auto ${Text.classes.root} mantine-Text-root`;
const CARD_CLASS = `${Card.classes.root} mantine-Card-root ${Paper.classes.root} mantine-Paper-root`;
const TITLE_CLASS = `${Title.classes.root} mantine-Title-root`;
const GRID_CLASS = `${SimpleGrid.classes.root} mantine-SimpleGrid-root ${classes.options}`;
const BUTTON_CLASS = `mantine-focus-auto mantine-active ${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
const INNER_CLASS = `${Button.classes.inner} mantine-Button-inner`;
const LABEL_CLASS = `${Button.classes.label} mantine-Button-label`;

const NUMBER_STYLE = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
  color: 'var(--mantine-color-dimmed)',
} as CSSProperties;
const CARD_STYLE = { '--card-padding': 'var(--mantine-spacing-xl)' } as CSSProperties;
const TITLE_STYLE = {
  ...HEADING_WRAP,
  '--title-fw': 'var(--mantine-h2-font-weight)',
  '--title-lh': 'var(--mantine-h2-line-height)',
  '--title-fz': 'var(--mantine-h2-font-size)',
  marginBottom: 'var(--mantine-spacing-lg)',
} as CSSProperties;
/** `Button variant="default" size="lg" mih={48} h="auto" py="sm"`, a touch that never zooms. */
const BUTTON_STYLE = {
  '--button-height': 'var(--button-height-lg)',
  '--button-padding-x': 'var(--button-padding-x-lg)',
  '--button-fz': 'var(--mantine-font-size-lg)',
  '--button-bg': 'var(--mantine-color-default)',
  '--button-hover': 'var(--mantine-color-default-hover)',
  '--button-color': 'var(--mantine-color-default-color)',
  '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
  touchAction: 'manipulation',
  paddingBlock: 'var(--mantine-spacing-sm)',
  height: 'auto',
  minHeight: 'calc(3rem * var(--mantine-scale))',
} as CSSProperties;
/** Long options wrap, and a word wider than the button (Danish "Bruttonationalprodukt" at 320 px) is hyphenated where the browser knows the language, else broken, never clipped. */
const LABEL_STYLE: CSSProperties = { whiteSpace: 'normal', overflowWrap: 'anywhere', hyphens: 'auto' };

export interface QuizOptionProps {
  /** The option's index in the bank: the response it gives. */
  response: string;
  label: string;
  /** The question's onset frame has been painted. */
  ready: boolean;
  onAnswer: (given: TimedResponse<string>) => void;
  clock: ResponseClock;
}

/** One option: an answer at the release of a tap that stayed put (`commit: 'tap'`), timed by its press. */
export const QuizOption = memo(function QuizOption({ response, label, ready, onAnswer, clock }: QuizOptionProps) {
  return (
    <button
      type="button"
      className={BUTTON_CLASS}
      style={BUTTON_STYLE}
      data-variant="default"
      data-size="lg"
      data-ready={ready ? 'true' : 'false'}
      {...responseHandlers(response, onAnswer, clock, { commit: 'tap' })}
    >
      <span className={INNER_CLASS}>
        <span className={LABEL_CLASS} style={LABEL_STYLE}>
          {label}
        </span>
      </span>
    </button>
  );
});

/** The question's number above the card ("Question 3 of 30"). */
export function QuizQuestionNumber({ children }: { children: string }) {
  return (
    <p className={TEXT_CLASS} style={NUMBER_STYLE} data-size="sm">
      {children}
    </p>
  );
}

export interface QuizQuestionCardProps {
  /** The heading's id: the options' group is labelled by it. */
  titleId: string;
  question: string;
  /** The options in the order shown, each with its bank index. */
  options: readonly { bankIndex: number; text: string }[];
  ready: boolean;
  onAnswer: (given: TimedResponse<string>) => void;
  clock: ResponseClock;
}

/** The card: the question as a heading, and its options in one column (two from `sm` up). */
export function QuizQuestionCard({ titleId, question, options, ready, onAnswer, clock }: QuizQuestionCardProps) {
  return (
    <div className={CARD_CLASS} style={CARD_STYLE} data-with-border="true" data-orientation="vertical">
      <h2 className={TITLE_CLASS} style={TITLE_STYLE} data-order="2" id={titleId}>
        {question}
      </h2>
      <div className={GRID_CLASS} role="group" aria-labelledby={titleId}>
        {options.map(({ bankIndex, text }) => (
          <QuizOption key={text} response={String(bankIndex)} label={text} ready={ready} onAnswer={onAnswer} clock={clock} />
        ))}
      </div>
    </div>
  );
}

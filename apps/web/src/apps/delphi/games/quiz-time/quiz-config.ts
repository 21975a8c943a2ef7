/** Quiz Time's declared config (SPEC §9): three categories of 10 questions, 4 options each. */
import { delphi } from '@chi/contract';

export const QUIZ_CATEGORIES = ['socialScience', 'naturalScience', 'humanities'] as const;
export type QuizCategory = (typeof QUIZ_CATEGORIES)[number];

/** The category names as logged and exported (SPEC §9 spelling), whatever the interface language. */
export const CATEGORY_LABELS: Record<QuizCategory, string> = {
  socialScience: 'Social Science',
  naturalScience: 'Natural Science',
  humanities: 'Humanities',
};

export const QUESTIONS_PER_CATEGORY = 10;
export const OPTIONS_PER_QUESTION = 4;

export interface QuizQuestion {
  text: string;
  options: readonly [string, string, string, string];
  /** Index into `options` of the right answer. */
  answer: number;
}

export type QuizBank = Record<QuizCategory, readonly QuizQuestion[]>;

/** Screens in their one-way order (SPEC §2 routes). */
export const QUIZ_SCREENS = ['', 'Game', 'Feedback'] as const;

/** Progress steps (SPEC §2 table): Welcome, the three categories, Feedback; values are i18n keys. Declared with the game in the contract (ADR 064). */
export const QUIZ_STEPS = delphi.QUIZ_TIME.steps;

/** Pause between two questions, before the game time scale (no pause inside a question). */
export const QUIZ_INTER_QUESTION_MS = 300;

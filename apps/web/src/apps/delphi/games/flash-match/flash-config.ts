/** Flash Match's declared config (SPEC §2, §4, §9): two tasks, two blocks of 42 each. */
import { delphi } from '@chi/contract';

export type FlashTask = 'search' | 'comparison';

export interface FlashBlock {
  /** The round id logged and exported (SPEC §9). */
  id: 'SZ_1' | 'SZ_2' | 'VS_1' | 'VS_2';
  task: FlashTask;
  /** Seed of the block's stimuli: every participant sees the same sequence. */
  seed: number;
  /** i18n key of the block's progress step. */
  step: 'search1' | 'search2' | 'comparison1' | 'comparison2';
}

export const TRIALS_PER_BLOCK = 42;
export const SEARCH_TARGET = '3';

export const FLASH_BLOCKS: readonly FlashBlock[] = [
  { id: 'SZ_1', task: 'search', seed: 11, step: 'search1' },
  { id: 'SZ_2', task: 'search', seed: 12, step: 'search2' },
  { id: 'VS_1', task: 'comparison', seed: 21, step: 'comparison1' },
  { id: 'VS_2', task: 'comparison', seed: 22, step: 'comparison2' },
];

/** The stages in their one-way order (SPEC §4): welcome, search intro, rounds, breaks… feedback. */
export const FLASH_SEQUENCE = [
  'welcome',
  'searchIntro',
  'SZ_1',
  'searchBreak',
  'SZ_2',
  'searchEnd',
  'comparisonIntro',
  'VS_1',
  'comparisonBreak',
  'VS_2',
  'feedback',
] as const;
export type FlashStage = (typeof FLASH_SEQUENCE)[number];

/** The route child (SPEC §2) that shows each stage. */
export const STAGE_PATHS: Record<FlashStage, string> = {
  welcome: '',
  searchIntro: 'SearchIntro',
  SZ_1: 'Search',
  searchBreak: 'SearchBreak',
  SZ_2: 'Search',
  searchEnd: 'SearchEnd',
  comparisonIntro: 'ComparisonIntro',
  VS_1: 'Comparison',
  comparisonBreak: 'ComparisonBreak',
  VS_2: 'Comparison',
  feedback: 'Feedback',
};

/** Which progress step (index into FLASH_STEPS) each stage belongs to. */
export const STAGE_STEP: Record<FlashStage, number> = {
  welcome: 0,
  searchIntro: 1,
  SZ_1: 1,
  searchBreak: 2,
  SZ_2: 2,
  searchEnd: 2,
  comparisonIntro: 3,
  VS_1: 3,
  comparisonBreak: 4,
  VS_2: 4,
  feedback: 5,
};

/** Progress steps (SPEC §2 table); values are i18n keys. Declared with the game in the contract (ADR 064). */
export const FLASH_STEPS = delphi.FLASH_MATCH.steps;

/** Blank between two stimuli and the fixation before the first, before the time scale. */
export const FLASH_INTER_TRIAL_MS = 400;

/** The only answer keys (SPEC §2): left = not 3 / halves differ, right = 3 / halves identical. */
export const ANSWER_KEYS = { ArrowLeft: false, ArrowRight: true } as const;

/** The exported `category` of each task's responses (the task, as researchers name it). */
export const FLASH_CATEGORIES: Record<FlashTask, string> = { search: 'Search', comparison: 'Comparison' };

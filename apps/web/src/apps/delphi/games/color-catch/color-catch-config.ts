/**
 * Color Catch's declared config (issue 11, ADR 015): a working-memory updating task of
 * colour–location bindings (Miyake et al. 2000; Ecker et al. 2010). A 4 × 4 grid; coloured discs
 * flash one at a time; then each tracked colour is probed ("Where was BLUE last?").
 */
import { delphi } from '@chi/contract';

export const GRID_SIZE = 4;
export const CELLS = GRID_SIZE * GRID_SIZE;

/** Disc on / blank after it / before the first flash / feedback, ms before GAME_TIME_SCALE. */
export const FLASH_ON_MS = 750;
export const FLASH_BLANK_MS = 250;
export const TRIAL_READY_MS = 800;
export const PRACTICE_FEEDBACK_MS = 900;
/** A probe waits this long for a click, then counts as unanswered (wrong). */
export const PROBE_LIMIT_MS = 10_000;

/**
 * Five of Okabe & Ito's colour-universal colours (2008; Wong 2011), the five whose smallest
 * difference is largest for a deuteranope (simulated with Machado et al. 2009: ΔE*ab ≥ 33;
 * unit-tested). The discs are drawn on a light cell in both colour schemes; every disc carries
 * its colour's letter(s) (Bl/Bk in English: blue and black share an initial) and every probe names the colour, so colour is never the only cue.
 */
export const COLORS = [
  { id: 'blue', hex: '#0072B2', ink: '#FFFFFF' },
  { id: 'red', hex: '#D55E00', ink: '#FFFFFF' },
  { id: 'yellow', hex: '#F0E442', ink: '#000000' },
  { id: 'pink', hex: '#CC79A7', ink: '#000000' },
  { id: 'black', hex: '#000000', ink: '#FFFFFF' },
] as const;
export type ColorId = (typeof COLORS)[number]['id'];

export interface ColorLevel {
  /** The round id logged and exported. */
  id: 'Practice' | 'L1' | 'L2' | 'L3' | 'L4';
  colors: number;
  flashes: number;
  trials: number;
  /** Fixed seed: every participant sees the same sequences. */
  seed: number;
  /** Feedback after each probe (the practice round only). */
  feedback: boolean;
}

export const PRACTICE_LEVEL: ColorLevel = { id: 'Practice', colors: 2, flashes: 3, trials: 3, seed: 1500, feedback: true };
export const GAME_LEVELS: readonly ColorLevel[] = [
  { id: 'L1', colors: 2, flashes: 4, trials: 6, seed: 1501, feedback: false },
  { id: 'L2', colors: 3, flashes: 6, trials: 6, seed: 1502, feedback: false },
  { id: 'L3', colors: 4, flashes: 8, trials: 6, seed: 1503, feedback: false },
  { id: 'L4', colors: 5, flashes: 10, trials: 6, seed: 1504, feedback: false },
];

/** Screens in their one-way order (SPEC §2 routes). */
export const COLOR_STAGES = ['welcome', 'tutorial', 'game', 'done'] as const;
export type ColorStage = (typeof COLOR_STAGES)[number];
export const STAGE_PATHS: Record<ColorStage, string> = { welcome: '', tutorial: 'Tutorial', game: 'Game', done: 'Done' };

/** Progress steps (SPEC §2 table): Welcome, Tutorial, Level 1–4, Feedback; values are i18n keys. Declared with the game in the contract (ADR 064). */
export const COLOR_STEPS = delphi.COLOR_CATCH.steps;

/**
 * Mime Mix's declared config (SPEC §2, §4; issue 11 part 4; ADR 016): six emotions drawn from
 * the FACS prototypes, split at the bridge of the nose, composed into chimeric faces.
 */
import { delphi } from '@chi/contract';


/** The six emotions, in the fixed order of the answer buttons (SPEC §2). */
export const EMOTIONS = ['happy', 'surprise', 'anger', 'fear', 'sad', 'disgust'] as const;
export type Emotion = (typeof EMOTIONS)[number];

export const HALVES = ['top', 'bottom'] as const;
export type Half = (typeof HALVES)[number];

/** An action unit this face can show (FACS numbering). */
export type ActionUnit = 1 | 2 | 4 | 5 | 6 | 7 | 9 | 12 | 15 | 16 | 20 | 23 | 26;

/**
 * The prototypes (Ekman, Friesen & Hager 2002; as listed in issue 11): happy 6+12; sad
 * 1+4+15; surprise 1+2+5+26; fear 1+2+4+5+7+20+26; anger 4+5+7+23; disgust 9+15+16.
 */
export const PROTOTYPES: Readonly<Record<Emotion, readonly ActionUnit[]>> = {
  happy: [6, 12],
  surprise: [1, 2, 5, 26],
  anger: [4, 5, 7, 23],
  fear: [1, 2, 4, 5, 7, 20, 26],
  sad: [1, 4, 15],
  disgust: [9, 15, 16],
};

/**
 * The top half carries AUs 1–7 (brows, lids, cheeks); the bottom half AUs 9–26 (nose, lips,
 * jaw). AU9 (nose wrinkler) is the one unit whose appearance crosses the bridge of the nose: it
 * lowers the inner brows, pushes up the lower lids and wrinkles the root of the nose above it,
 * and wrinkles the nose and lifts the nostrils below it (ADR 016). Each half draws the signs of
 * AU9 that fall inside it, so the disgust prototype has a top half at all.
 */
export function isTopUnit(unit: ActionUnit): boolean {
  return unit <= 7 || unit === 9;
}

export function isBottomUnit(unit: ActionUnit): boolean {
  return unit >= 9;
}

/** The action units an emotion shows in one half. */
export function halfUnits(emotion: Emotion, half: Half): ActionUnit[] {
  return PROTOTYPES[emotion].filter((unit) => (half === 'top' ? isTopUnit(unit) : isBottomUnit(unit)));
}

/** Round ids (logged and exported). */
export const PRACTICE_ROUND = 'practice';
export const MAIN_ROUND = 'main';
export type MimeRound = typeof PRACTICE_ROUND | typeof MAIN_ROUND;

/** Fixed seeds: every participant sees the same sequences (ADR 016). */
export const PRACTICE_SEED = 1611;
export const MAIN_SEED = 1612;

/** Congruent faces per emotion and cued half in the main game (the rest: one per other emotion). */
export const CONGRUENT_PER_CELL = 2;

/** Trial timing before GAME_TIME_SCALE (ADR 016). */
export const CUE_MS = 1000;
export const BLANK_MS = 300;
export const RESPONSE_LIMIT_MS = 6000;
/** How long the practice round's `Correct!` / `Wrong!` stays. */
export const FEEDBACK_MS = 900;

/** Keys 1–6 answer in the buttons' order. */
export const ANSWER_KEYS: Readonly<Record<string, Emotion>> = Object.fromEntries(EMOTIONS.map((emotion, i) => [String(i + 1), emotion]));

/** The stages in their one-way order (SPEC §4): welcome, tutorial info (+ practice), start, game, end. */
export const MIME_SEQUENCE = ['welcome', 'info', 'practice', 'start', 'game', 'end'] as const;
export type MimeStage = (typeof MIME_SEQUENCE)[number];

/** The route child (SPEC §2) that shows each stage. */
export const STAGE_PATHS: Record<MimeStage, string> = {
  welcome: '',
  info: 'TutorialInfo2',
  practice: 'TutorialInfo2',
  start: 'GameStart',
  game: 'Game',
  end: 'GameEnd',
};

/** Progress steps (SPEC §2 table: Welcome, Info, Game, Feedback); values are i18n keys. Declared with the game in the contract (ADR 064). */
export const MIME_STEPS = delphi.MIME_MIX.steps;

export const STAGE_STEP: Record<MimeStage, number> = { welcome: 0, info: 1, practice: 1, start: 2, game: 2, end: 3 };

/** The exported `category` of a main-game response: cued half × congruency (the scores' cells). */
export function categoryOf(half: Half, congruent: boolean): string {
  return `${half} ${congruent ? 'congruent' : 'incongruent'}`;
}
export const PRACTICE_CATEGORY = 'practice';

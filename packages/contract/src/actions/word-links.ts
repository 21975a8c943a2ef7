/**
 * Word Links (SPEC §1, §5, §7, §9; issue 12; ADR 017): the semantic-distance calls, the
 * game's constants and messages, and its scoring formulas (pure, shared by the web client
 * that scores a round and the tests that check the formulas by hand).
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { dataScopeShape } from './delphi-data-scope';

/** SPEC §5, exactly. */
export const WORD_LINKS_MESSAGES = {
  repeatOrProper: 'Write a noun that you have not written before. Proper nouns are not allowed.',
  invalid: 'Please enter a valid noun.',
  tooSimilar: 'The word is too similar to the initial word.',
} as const;

/** Why a word was refused; `multiWord` and `empty` carry the `invalid` message. */
export const WORD_REFUSALS = ['empty', 'multiWord', 'invalid', 'proper', 'repeat', 'tooSimilar'] as const;
export type WordRefusal = (typeof WORD_REFUSALS)[number];

/** Which of the SPEC §5 messages says a refusal (the page says it in its language under this key). */
export function refusalMessageKey(reason: WordRefusal): keyof typeof WORD_LINKS_MESSAGES {
  if (reason === 'proper' || reason === 'repeat') return 'repeatOrProper';
  if (reason === 'tooSimilar') return 'tooSimilar';
  return 'invalid';
}

export function refusalMessage(reason: WordRefusal): string {
  return WORD_LINKS_MESSAGES[refusalMessageKey(reason)];
}

/**
 * Below this distance (×100 scale) a word is too similar to the start word. Measured with our
 * vectors: train–bus 15 and train–trains 13 fall under it, tea–coffee 23 stays above (ADR 017).
 */
export const TOO_SIMILAR_BELOW = 20;
export const WORD_MAX_LENGTH = 40;

/** SPEC §9. The practice rounds' start word is "Bench" in level 1 and level 2. */
export const WORD_LINKS_LEVELS = {
  1: { practiceWord: 'Bench', startWords: ['Train', 'Steam', 'Page', 'Sink', 'Fence'], wordsPerRound: 5 },
  2: { practiceWord: 'Bench', startWords: ['Belt', 'Tea', 'Net', 'Earth', 'Tray'], wordsPerRound: 10 },
} as const;
export type WordLinksLevel = keyof typeof WORD_LINKS_LEVELS;

const wordSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { message: `${field} is required` })
    .max(WORD_MAX_LENGTH, { message: `${field} must be at most ${WORD_MAX_LENGTH} characters` });

const levelSchema = z
  .union([z.literal(1), z.literal(2)], { error: 'level must be 1 or 2' })
  .optional()
  .default(1);

/**
 * GLOVE_SEMANTIC_DISTANCE (SPEC §7): cosine distance × 100 between the two words' GloVe vectors,
 * clipped to [0, 100]. A word is looked up as written, else as its noun lemma (mice → mouse);
 * a word without a vector is a 400 naming it. `level` is echoed: both levels use one measure.
 */
export const gloveSemanticDistance = defineAction({
  name: 'GLOVE_SEMANTIC_DISTANCE',
  app: 'delphi',
  endpoint: 'gloveSemanticDistance',
  summary: 'Semantic distance (0-100) between two nouns: cosine distance of GloVe 6B 100-d vectors × 100.',
  input: z.object({ word1: wordSchema('word1'), word2: wordSchema('word2'), level: levelSchema }),
  output: z.object({ word1: z.string(), word2: z.string(), level: z.number().int(), distance: z.number() }),
  access: 'public',
});

export const BATCH_MAX_WORDS = 12;

/** The batch form: every pairwise distance of up to 12 words in one call (a round's matrix). */
export const gloveSemanticDistances = defineAction({
  name: 'GLOVE_SEMANTIC_DISTANCES',
  app: 'delphi',
  endpoint: 'gloveSemanticDistances',
  summary: 'Pairwise semantic distances (0-100) of 2-12 nouns: a symmetric matrix, 0 on the diagonal.',
  input: z.object({
    words: z
      .array(wordSchema('words[]'), { error: 'words is required' })
      .min(2, { message: 'words must hold at least 2 words' })
      .max(BATCH_MAX_WORDS, { message: `words must hold at most ${BATCH_MAX_WORDS} words` }),
    level: levelSchema,
  }),
  output: z.object({ words: z.array(z.string()), level: z.number().int(), matrix: z.array(z.array(z.number())) }),
  access: 'public',
});

/**
 * CHECK_WORD_LINKS_WORD: SPEC §5's rules for one typed word against the round's start word and
 * the words already accepted in the round. Refusals are answers (200), not errors: the game
 * shows `message` and logs `reason`. An accepted word comes with its row of the round's
 * distance matrix, so the game scores it without a second call.
 */
export const checkWord = defineAction({
  name: 'CHECK_WORD_LINKS_WORD',
  app: 'delphi',
  endpoint: 'checkWordLinksWord',
  summary: 'Validate a Word Links word: noun, not proper, not specialised, not a repeat, not too similar.',
  input: z.object({
    word: z.string({ error: 'word is required' }).max(200, { message: 'word must be at most 200 characters' }),
    startWord: wordSchema('startWord'),
    previous: z.array(z.string().max(200)).max(20, { message: 'previous must hold at most 20 words' }).default([]),
  }),
  output: z.object({
    accepted: z.boolean(),
    word: z.string(),
    lemma: z.string().optional(),
    reason: z.enum(WORD_REFUSALS).optional(),
    message: z.string().optional(),
    /** Distance to the start word (×100), when both have vectors. */
    distance: z.number().optional(),
    /** Accepted words only: distances (×100) to the start word and to each of `previous`, in order (a new matrix row). */
    distances: z.array(z.number()).optional(),
  }),
  access: 'public',
});

/** One participant's Word Links as the /Data page shows it (rounds from their endRound records). */
export const wordLinksPlaySchema = z.object({
  participantId: z.string(),
  startedAt: z.number(),
  status: z.enum(['in progress', 'completed', 'interrupted', 'skipped']),
  level1Average: z.number().nullable(),
  level2Average: z.number().nullable(),
  globalScore: z.number().nullable(),
  rounds: z.array(
    z.object({
      round: z.string(),
      level: z.number().int(),
      practice: z.boolean(),
      startWord: z.string(),
      words: z.array(z.string()),
      /** Level 1: mean distance to the start word; level 2: forward flow (ADR 017). */
      score: z.number().nullable(),
      /** Level 1 only: the DAT-style mean over all pairs of the round's words. */
      datScore: z.number().nullable(),
    }),
  ),
});
export type WordLinksPlay = z.infer<typeof wordLinksPlaySchema>;

/** LIST_WORD_LINKS: every participant's Word Links play, newest first, paged (manageApp). */
export const listPlays = defineAction({
  name: 'LIST_WORD_LINKS',
  app: 'delphi',
  dataType: 'WordLinks',
  endpoint: 'list',
  summary: "A study's Word Links plays with round scores and level averages (review+ in the study; manageApp, devOp).",
  input: z.object({
    ...dataScopeShape,
    offset: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  output: z.object({ plays: z.array(wordLinksPlaySchema), total: z.number().int() }),
  access: 'read',
});

export const WORD_LINKS_DESCRIPTORS = [gloveSemanticDistance, gloveSemanticDistances, checkWord, listPlays] as const;

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/**
 * Level 1 (ADR 017): each word's score is its distance to the start word; the round's score is
 * their mean. Also the DAT-style score (Olson et al. 2021): the mean distance over all pairs of
 * the round's own words. `matrix` is the batch answer for [start, ...words].
 */
export function scoreLevel1Round(matrix: readonly (readonly number[])[]): { wordScores: number[]; roundScore: number; datScore: number } {
  const n = matrix.length;
  const wordScores = [];
  for (let i = 1; i < n; i += 1) wordScores.push(matrix[0]?.[i] ?? 0);
  const pairs = [];
  for (let i = 1; i < n; i += 1) for (let j = i + 1; j < n; j += 1) pairs.push(matrix[i]?.[j] ?? 0);
  return { wordScores, roundScore: mean(wordScores), datScore: mean(pairs) };
}

/**
 * Level 2 (ADR 017): forward flow (Gray et al. 2019) of the chain [start, w1, …, wn]: each
 * word's mean distance to every word before it, averaged over w1…wn.
 */
export function forwardFlow(matrix: readonly (readonly number[])[]): { wordFlows: number[]; averageScore: number } {
  const wordFlows = [];
  for (let i = 1; i < matrix.length; i += 1) {
    const before = [];
    for (let j = 0; j < i; j += 1) before.push(matrix[i]?.[j] ?? 0);
    wordFlows.push(mean(before));
  }
  return { wordFlows, averageScore: mean(wordFlows) };
}

/** SPEC §9: a level's average is the mean of its (non-practice) round scores, rounded. */
export function levelAverage(roundScores: readonly number[]): number {
  return Math.round(mean(roundScores));
}

/** SPEC §9: the global score is the mean of the level averages, rounded. */
export function globalScore(levelAverages: readonly number[]): number {
  return Math.round(mean(levelAverages));
}

/** Word Links: semantic distance of written nouns (SPEC §5); optional for the participant. */
import { z } from 'zod';
import { WORD_REFUSALS } from '../actions/word-links';
import { defineGame } from './define-game';

const level = z.number().int().describe('The level: 1 (distance to the start word) or 2 (forward flow).');
const practice = z.boolean().describe('True in the practice round.');
const startWord = z.string().describe("The round's start word.");
const slot = z.number().int().min(0).describe('Which word of the round is asked for, from 0.');

export const WORD_LINKS = defineGame({
  id: 'WordLinks',
  summary: 'Verbal creativity: nouns as far apart in meaning as possible (level 1) or flowing on from each other (level 2); scored with GloVe distances.',
  steps: ['welcome', 'level1', 'level2', 'feedback'],
  settings: z.object({
    /** Honoured by the suite (complete without it) and the welcome screen (its skip button). */
    optional: z.boolean().default(true).describe('The participant may skip the game; the suite is complete without it.'),
  }),
  prompt: z.object({ level, practice, startWord, slot, questionIndex: slot }),
  response: z.object({
    slot,
    attempt: z.number().int().min(1).describe('Which try at this word it was, from 1 (refused words count).'),
    firstKeyAt: z.number().nullable().describe('When the first key was typed (epoch ms); null when the word was pasted or filled in.'),
    level,
    practice,
    startWord,
    accepted: z.boolean().describe('Whether the word was accepted.'),
    reason: z.enum(WORD_REFUSALS).optional().describe('Why the word was refused.'),
    message: z.string().optional().describe('The message the participant saw for a refused word.'),
    lemma: z.string().optional().describe('The accepted word as scored (its lemma).'),
    score: z.number().optional().describe("The accepted word's score: distance to the start word (level 1) or its forward flow (level 2), ×100."),
    distanceToStart: z.number().optional().describe("The accepted word's distance to the start word, ×100."),
  }),
  start: z.object({
    levels: z.number().int().min(1).optional().describe('Levels to play (2); absent when skipped.'),
    skipped: z.boolean().optional().describe('True: the participant skipped the game (it ends at once).'),
  }),
  end: z.object({
    level1: z.number().optional().describe("Level 1's average round score (practice left out), rounded; absent when skipped."),
    level2: z.number().optional().describe("Level 2's average round score (practice left out), rounded; absent when skipped."),
    global: z.number().optional().describe('The mean of the two level averages, rounded; absent when skipped.'),
    skipped: z.boolean().optional().describe('True: the participant skipped the game.'),
  }),
  rounds: {
    start: z.object({ level, practice, startWord }),
    end: z.object({
      level,
      practice,
      startWord,
      words: z.array(z.string()).describe('The accepted words as written, in order.'),
      lemmas: z.array(z.string()).describe('The start word (lower case) and the accepted words as scored, in order.'),
      matrix: z.array(z.array(z.number())).describe('GloVe distances (×100) between every pair of lemmas, in the order of lemmas.'),
      wordScores: z.array(z.number()).optional().describe("Level 1: each word's distance to the start word, ×100."),
      roundScore: z.number().optional().describe("Level 1: the round's score (mean of wordScores)."),
      datScore: z.number().optional().describe('Level 1: the mean distance over all pairs of words (DAT).'),
      wordFlows: z.array(z.number()).optional().describe("Level 2: each word's forward flow, ×100."),
      averageScore: z.number().optional().describe("Level 2: the round's score (mean of wordFlows)."),
    }),
  },
});

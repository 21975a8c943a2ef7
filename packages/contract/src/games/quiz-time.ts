/** Quiz Time (SPEC §9): 30 general-knowledge questions in three categories, options counterbalanced (ADR 014). */
import { z } from 'zod';
import { defineGame } from './define-game';

const position = (what: string) => z.number().int().describe(what);
const shownOrder = z.array(z.number().int()).describe('The bank indices of the options in the order they were shown.');

export const QUIZ_TIME = defineGame({
  id: 'QuizTime',
  summary: 'General knowledge: 30 four-option questions in three categories (Social Science, Natural Science, Humanities).',
  steps: ['welcome', 'socialScience', 'naturalScience', 'humanities', 'feedback'],
  settings: z.object({}),
  prompt: z.object({
    category: z.string().describe('The category as exported (Social Science, Natural Science, Humanities).'),
    questionIndex: z.number().int().min(0).describe("The question's position in the game, from 0."),
    options: z.array(z.string()).describe('The four options in bank order.'),
    shownOptions: z.array(z.string()).describe('The four options in the order they were shown.'),
    shownOrder: shownOrder.optional(),
    correctPosition: position('Where the right option was shown (0 = first).').optional(),
    optionSeed: z.number().describe("The participant's counterbalancing seed (from startGame)."),
  }),
  response: z.object({
    shownPosition: position('Where the chosen option was shown (0 = first; -1 for an anticipation that named no option).').optional(),
    correctPosition: position('Where the right option was shown (0 = first).').optional(),
    shownOrder: shownOrder.optional(),
  }),
  start: z.object({
    questions: z.number().int().min(1).describe('Questions in the game.'),
    optionSeed: z.number().int().min(0).describe("The participant's counterbalancing seed of the option orders (ADR 014)."),
  }),
  end: z.object({ answers: z.number().int().min(0).describe('Scored answers given in the game.') }),
  // A round is a category (its name is the round id); its records carry no attributes.
  rounds: { start: z.object({}), end: z.object({}) },
});

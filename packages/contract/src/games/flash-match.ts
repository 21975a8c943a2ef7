/** Flash Match: speeded digit search and comparison, two blocks each (SPEC §2). */
import { z } from 'zod';
import { defineGame } from './define-game';

export const FLASH_MATCH = defineGame({
  id: 'FlashMatch',
  summary: 'Processing speed: is the digit in the string (Search), are the two strings the same (Comparison); two blocks each.',
  steps: ['welcome', 'search1', 'search2', 'comparison1', 'comparison2', 'feedback'],
  settings: z.object({}),
  prompt: z.object({
    trial: z.number().int().min(0).describe("The stimulus's position in its block, from 0."),
    task: z.enum(['search', 'comparison']).describe("The block's task."),
  }),
  // Everything of a response is in the export's own columns (category, question, questionIndex).
  response: z.object({}),
  start: z.object({
    blocks: z.array(z.enum(['SZ_1', 'SZ_2', 'VS_1', 'VS_2'])).describe('The blocks in the order played.'),
  }),
  end: z.object({ responses: z.number().int().min(0).describe('Scored answers given in the game.') }),
  rounds: {
    start: z.object({
      task: z.enum(['search', 'comparison']).describe("The block's task."),
      seed: z.number().int().describe("The seed of the block's stimuli (every participant sees the same sequence)."),
    }),
    end: z.object({ responses: z.number().int().min(0).describe('Stimuli in the block.') }),
  },
});

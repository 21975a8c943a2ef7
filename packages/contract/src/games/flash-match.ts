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
});

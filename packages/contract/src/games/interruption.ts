/**
 * What every game's interrupted end carries (ADR 068): the suite, not the game, ends a game the
 * participant left, so this is declared once for all games. `via` says how they left; where
 * they were (round, prompt, item) and the answers given are known only to the page that ran
 * the game (absent when a later page ends it on reload).
 */
import { z } from 'zod';

/** How the participant left a running game. */
export const LEFT_VIA = ['unload', 'link', 'navigation', 'reload'] as const;
export type LeftVia = (typeof LEFT_VIA)[number];

export const INTERRUPTION_ATTRIBUTES = z.object({
  via: z.enum(LEFT_VIA).describe('How the participant left: closed the page (unload), followed a link, navigated away in the app, or reloaded (the next page ended it).'),
  round: z.string().optional().describe('The last round logged before leaving.'),
  prompt: z.string().optional().describe('The `_clientId` of the last prompt logged before leaving.'),
  questionIndex: z.number().int().min(0).optional().describe("The last prompt's item (its questionIndex or trial)."),
  answers: z.number().int().min(0).optional().describe('How many scored answers were given before leaving.'),
});
export type InterruptionAttributes = z.input<typeof INTERRUPTION_ATTRIBUTES>;

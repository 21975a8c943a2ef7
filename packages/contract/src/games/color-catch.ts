/** Color Catch: working-memory updating of colour–location bindings (issue 11, ADR 015). */
import { z } from 'zod';
import { defineGame } from './define-game';
import { displayTiming, precedingTiming } from './display-timing';

const cell = (what: string) => z.number().int().min(0).max(15).describe(what);
const color = z.enum(['blue', 'red', 'yellow', 'pink', 'black']).describe('The colour flashed or asked for.');
const level = z.enum(['Practice', 'L1', 'L2', 'L3', 'L4']);
const trial = z.number().int().min(0).describe("The trial's position in its level, from 0.");

export const COLOR_CATCH = defineGame({
  id: 'ColorCatch',
  summary: 'Working-memory updating: coloured discs flash on a 4 × 4 grid; then "where was this colour last?".',
  steps: ['welcome', 'tutorial', 'level1', 'level2', 'level3', 'level4', 'feedback'],
  settings: z.object({}),
  prompt: z.object({
    kind: z.enum(['flash', 'probe']).describe('A disc flashed, or a probe asked.'),
    trial,
    flash: z.number().int().min(0).optional().describe("A flash's position in its trial, from 0."),
    probe: z.number().int().min(0).optional().describe("A probe's position in its trial, from 0."),
    color,
    cell: cell('The cell a disc flashed in (0–15, row by row).').optional(),
    row: z.number().int().min(1).max(4).optional().describe("The flashed cell's row, from 1."),
    column: z.number().int().min(1).max(4).optional().describe("The flashed cell's column, from 1."),
    targetCell: cell("The probe's answer: where the colour was last (0–15).").optional(),
    // A flash is a timed display (750 ms on); the ready line or the blank before it too.
    ...displayTiming('disc'),
    ...precedingTiming('ready', 'ready line'),
    ...precedingTiming('blank', 'blank'),
  }),
  response: z.object({
    level: level.describe('The level, as the round.'),
    trial,
    color,
    probe: z.number().int().min(0).optional().describe("The probe's position in its trial, from 0."),
    targetCell: cell('Where the colour was last (0–15).').nullable().optional(),
    clickedCell: cell('The cell clicked (0–15); null when the time ran out.').nullable().optional(),
    errorType: z.enum(['outdated', 'swap', 'other', 'timeout']).nullable().optional()
      .describe("null when right; outdated (an earlier place of the colour), swap (another colour's last place), other, timeout."),
    earlierCells: z.array(z.number().int()).optional().describe("The colour's earlier places in the trial."),
    otherLastCells: z.array(z.number().int()).optional().describe("The other colours' last places."),
    colors: z.array(color).optional().describe('The colours the trial tracked.'),
  }),
  start: z.object({
    levels: z
      .array(z.object({ id: level, colors: z.number().int(), flashes: z.number().int(), trials: z.number().int(), seed: z.number().int() }))
      .describe('The levels in the order played: id, colours tracked, flashes per trial, trials and the fixed seed of each.'),
  }),
  end: z.object({ responses: z.number().int().min(0).describe('Scored answers given in the game.') }),
  rounds: {
    start: z.object({
      colors: z.number().int().min(1).describe('Colours tracked per trial.'),
      flashes: z.number().int().min(1).describe('Discs flashed per trial.'),
      trials: z.number().int().min(1).describe('Trials in the level.'),
      seed: z.number().int().describe("The level's fixed seed (every participant sees the same sequences)."),
      feedback: z.boolean().describe('Feedback after each probe (the practice level only).'),
    }),
    end: z.object({ responses: z.number().int().min(0).describe('Probes answered (or timed out) in the level.') }),
  },
});

/** Color Catch: working-memory updating of colour–location bindings (issue 11, ADR 015). */
import { z } from 'zod';
import { defineGame } from './define-game';
import { displayTiming, precedingTiming } from './display-timing';

const cell = (what: string) => z.number().int().min(0).max(15).describe(what);
const color = z.enum(['blue', 'red', 'yellow', 'pink', 'black']).describe('The colour flashed or asked for.');
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
    level: z.enum(['Practice', 'L1', 'L2', 'L3', 'L4']).describe('The level, as the round.'),
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
});

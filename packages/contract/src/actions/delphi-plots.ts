/**
 * The /Data plots per task (issue 17 part 5, ADR 027): aggregates computed in SQL on the
 * server, never every response in the browser. Each call answers the group's counts and, when
 * `participant` names one, that participant's counts beside them (to draw them against the
 * group). Excluded participants (ADR 025) are left out unless `includeExcluded` is true; the
 * highlighted participant is always counted in their own column.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { GAME_NAMES } from './delphi-schemas';
import { dataScopeShape } from './delphi-data-scope';

const plotInput = z.object({
  ...dataScopeShape,
  gameName: z.enum(GAME_NAMES, { error: 'gameName must be one of the suite’s games' }),
  /** A participant id to draw against the group; absent or empty: none. */
  participant: z.string().trim().max(200, { message: 'participant must be at most 200 characters' }).optional(),
  includeExcluded: z.boolean().optional().default(false),
});
export type PlotInput = z.input<typeof plotInput>;

const count = z.number().int().min(0);

/** RT histogram bins: `condition` × `block` × bin; `binStart` in ms, the last bin is open (≥ `maxMs`). */
export const rtBinSchema = z.object({
  condition: z.string(),
  block: z.string(),
  binStart: z.number(),
  group: count,
  participant: count,
});
export type RtBin = z.infer<typeof rtBinSchema>;

export const rtSummarySchema = z.object({
  condition: z.string(),
  block: z.string(),
  group: count,
  groupMeanMs: z.number().nullable(),
  participant: count,
  participantMeanMs: z.number().nullable(),
});
export type RtSummary = z.infer<typeof rtSummarySchema>;

/** Accuracy per `block` (round) and `category`: scored responses and the correct ones. */
export const accuracyCellSchema = z.object({
  block: z.string(),
  category: z.string(),
  groupScored: count,
  groupCorrect: count,
  participantScored: count,
  participantCorrect: count,
});
export type AccuracyCell = z.infer<typeof accuracyCellSchema>;

/** A game's own view: Color Catch error types per level, Mime Mix confusion matrix, Word Links score bins per level. */
export const GAME_VIEW_KINDS = ['errorTypes', 'confusion', 'scores', 'none'] as const;
export type GameViewKind = (typeof GAME_VIEW_KINDS)[number];

export const viewCellSchema = z.object({ row: z.string(), column: z.string(), group: count, participant: count });
export type ViewCell = z.infer<typeof viewCellSchema>;

const common = {
  /** Participants counted in the group (after exclusions). */
  participants: count,
  /** Whether `participant` named someone with data in this game. */
  participantFound: z.boolean(),
};

/** PLOT_RESPONSE_TIMES: RT distribution per condition and block (anticipations and time-outs left out, ADR 013). */
export const plotResponseTimes = defineAction({
  app: 'delphi', dataType: 'Plot',
  name: 'PLOT_RESPONSE_TIMES', endpoint: 'responseTimes',
  summary: 'RT histogram bins and means per condition and block of one game, for the group and one participant (review+ in the study; manageApp, devOp).',
  input: plotInput,
  output: z.object({ ...common, binMs: z.number(), maxMs: z.number(), bins: z.array(rtBinSchema), summary: z.array(rtSummarySchema) }),
  access: 'read',
});

/** PLOT_ACCURACY: scored and correct responses per block and category. */
export const plotAccuracy = defineAction({
  app: 'delphi', dataType: 'Plot',
  name: 'PLOT_ACCURACY', endpoint: 'accuracy',
  summary: 'Correct and scored responses per block and category of one game, for the group and one participant (review+ in the study; manageApp, devOp).',
  input: plotInput,
  output: z.object({ ...common, cells: z.array(accuracyCellSchema) }),
  access: 'read',
});

/** PLOT_GAME_VIEW: the game's own counts (rows × columns); `kind` says which view. */
export const plotGameView = defineAction({
  app: 'delphi', dataType: 'Plot',
  name: 'PLOT_GAME_VIEW', endpoint: 'gameView',
  summary: 'A game’s own view as counts per row and column (error types, confusion matrix, score bins), group and one participant (review+ in the study; manageApp, devOp).',
  input: plotInput,
  output: z.object({ ...common, kind: z.enum(GAME_VIEW_KINDS), binWidth: z.number().nullable(), cells: z.array(viewCellSchema) }),
  access: 'read',
});

export const DELPHI_PLOT_DESCRIPTORS = [plotResponseTimes, plotAccuracy, plotGameView] as const;

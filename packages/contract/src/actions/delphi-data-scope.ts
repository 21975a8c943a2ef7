/**
 * Which suites a /Data call or an export reads (issue 26 items 4–6, ADR 074): one study's, and
 * of those the live runs unless test runs are asked for. Every /Data call and every export takes
 * these two fields; without them a call reads the default study's live runs, as it always has.
 */
import { z } from 'zod';

/**
 * `live`: participants' runs only (the default); `test`: a researcher's preview and piloting runs
 * only; `all`: both, marked by the `run` column / field.
 */
/** The default study's id and slug (migration 0038, ADR 071): today's `/?participantId=` links. Here, not in delphi-studies.ts, so the games' own descriptors can take a scope without an import cycle. */
export const DEFAULT_STUDY_SLUG = 'default';

export const DATA_RUNS = ['live', 'test', 'all'] as const;
export type DataRuns = (typeof DATA_RUNS)[number];

/** What a suite was: a participant's run, a piloting run, or a researcher's preview. */
export const SUITE_RUNS = ['live', 'pilot', 'preview'] as const;
export type SuiteRun = (typeof SUITE_RUNS)[number];

export const dataScopeShape = {
  /** The study's id or slug; absent: the default study. */
  study: z.string({ error: 'study must be a study id or slug' }).trim().min(1, { message: 'study must be a study id or slug' }).max(120, { message: 'study must be a study id or slug' }).default(DEFAULT_STUDY_SLUG),
  runs: z.enum(DATA_RUNS, { error: `runs must be one of ${DATA_RUNS.join(', ')}` }).default('live'),
};
export type DataScopeInput = { study?: string; runs?: DataRuns };

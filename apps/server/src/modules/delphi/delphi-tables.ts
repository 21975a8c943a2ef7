/**
 * Table types of delphi (issue 4 and on; migrations 0003 to 0030), merged into DatabaseSchema
 * here as every area's tables are (ADR 066). Client times are epoch ms (double); server times
 * ISO-8601 UTC strings; booleans 0/1; JSON columns hold text.
 */
import type { Generated } from 'kysely';

/** Delphi (issue 4). Client times are epoch ms (double); JSON columns hold text. */
export interface DelphiSuitesTable {
  id: string;
  participant_id: string;
  kind: 'local' | 'study';
  parent_origin: string | null;
  created_at: string;
  /** When the suite's last required game ended (migration 0014). */
  completed_at: string | null;
  /** sha256 of the suite key of the browser it is bound to; NULL: unbound (migration 0028, ADR 043). */
  key_hash: string | null;
  /** The study it belongs to; `default` for every suite from before studies (migration 0038, ADR 071). */
  study_id: Generated<string>;
  /** The study version it ran. */
  study_version: Generated<number>;
  /** The panel's other URL parameters kept (JSON object of strings). */
  panel_params: Generated<string>;
  /** The order of games the participant got (JSON array of game names); NULL: the study version's order. */
  game_order: string | null;
  consent_at: string | null;
  consent_version: number | null;
  /** Migration 0042 (ADR 079): the language of the consent text accepted. */
  consent_language: string | null;
  /** 1: a researcher's preview run (kept out of the data unless asked for). */
  preview: Generated<number>;
  /** 1: a run while the study was piloting. */
  pilot: Generated<number>;
}

/** Migration 0038 (issue 26, ADR 071): a study. Booleans 0/1; JSON columns hold text. */
export interface DelphiStudiesTable {
  id: string;
  slug: string;
  name: string;
  status: 'draft' | 'piloting' | 'open' | 'closed';
  version: number;
  languages: string;
  default_language: string;
  consent_markdown: string;
  consent_version: number;
  /** Migration 0042 (ADR 079): JSON { language: Markdown }. */
  consent_translations: string;
  end_page_markdown: string;
  end_page_translations: string;
  completion_redirect: string | null;
  decline_redirect: string | null;
  completion_code: string | null;
  target_sample: number | null;
  phone_allowed: number;
  keyboard_needed: number;
  microphone_needed: number;
  participant_param: string;
  kept_params: string;
  created_at: string;
  updated_at: string;
}

/** A study version: its games (JSON [{ game, settings }]) and their order design. */
export interface DelphiStudyVersionsTable {
  study_id: string;
  version: number;
  games: string;
  game_order: string;
  created_at: string;
}

/** Migration 0042 (ADR 079): each version of a study's consent texts (translations: JSON { language: Markdown }). */
export interface DelphiStudyConsentsTable {
  study_id: string;
  version: number;
  markdown: string;
  translations: string;
  created_at: string;
}

export interface DelphiStudyMembersTable {
  study_id: string;
  account_id: string;
  level: 'review' | 'develop' | 'manage' | 'own';
  added_at: string;
}

export interface DelphiSuiteReleasesTable {
  id: string;
  suite_id: string;
  by_account_id: string | null;
  by_name: string;
  at: string;
}

export interface DelphiGamesTable {
  id: string;
  suite_id: string;
  game_name: string;
  client_id: string;
  started_at: number;
  start_timestamp: number;
  attributes: string;
  received_at: string;
  ended_at: number | null;
  end_client_id: string | null;
  end_attributes: string | null;
  end_received_at: string | null;
  /** 'in progress' | 'completed' | 'interrupted' (migration 0007). */
  status: Generated<'in progress' | 'completed' | 'interrupted' | 'skipped'>;
}

export interface DelphiRoundsTable {
  id: string;
  suite_id: string;
  game_id: string;
  round: string;
  client_id: string;
  started_at: number;
  attributes: string;
  received_at: string;
  ended_at: number | null;
  end_client_id: string | null;
  end_attributes: string | null;
  end_received_at: string | null;
}

export interface DelphiPromptsTable {
  id: string;
  suite_id: string;
  game_id: string;
  /** Filled when the round has started (migration 0005: it may start after the prompt arrives). */
  round_id: string | null;
  /** The round as the client named it. */
  round: string | null;
  client_id: string;
  prompt: string;
  prompted_at: number;
  attributes: string;
  received_at: string;
}

export interface DelphiResponsesTable {
  /** PostgreSQL answers bigserial as a string: normalise with Number(). */
  seq: Generated<number | string>;
  id: string;
  suite_id: string;
  /**
   * Copies of the suite's, game's, round's and prompt's exported fields (see migration 0003);
   * round_id and the prompt's fields are filled in later when they arrive later (0005).
   */
  participant_id: string;
  game_id: string;
  game_name: string;
  round_id: string | null;
  round: string | null;
  prompt_id: string | null;
  prompt_client_id: string | null;
  prompt: string | null;
  client_id: string;
  response: string | null;
  is_correct: number | null;
  correct_answer: string | null;
  category: string | null;
  question_index: number | null;
  question: string | null;
  prompted_at: number | null;
  responded_at: number;
  rt_ms: number | null;
  /** 1: an input before the onset frame (rt_ms is its signed time), 0: a response; NULL before migration 0009. */
  anticipation: number | null;
  /** The round's median rAF delta, ms (migration 0009); NULL when not measured. */
  frame_interval_ms: number | null;
  /** How the response was given (migration 0007); NULL before. */
  modality: string | null;
  attributes: string;
  received_at: string;
}

/** Issue 17 (migration 0015): every exclusion and undo, never overwritten. */
export interface DelphiExclusionLogTable {
  seq: Generated<number | string>;
  id: string;
  suite_id: string;
  participant_id: string;
  /** NULL: the whole participant. */
  game_name: string | null;
  action: 'exclude' | 'undo';
  reason: string;
  /** NULL once the researcher's account is deleted; their name stays. */
  by_account_id: string | null;
  by_name: string;
  at: string;
}

export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface DelphiExportsTable {
  id: string;
  format: 'csv' | 'json' | 'psychds';
  status: ExportStatus;
  progress: Generated<number>;
  rows: Generated<number>;
  error: string | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The study whose suites it holds (migration 0039, ADR 074). */
  study_id: Generated<string>;
  /** Which runs: live, test or all. */
  runs: Generated<'live' | 'test' | 'all'>;
}

/** Morning Memo recordings and their received parts (migration 0014, ADR 018). */
export interface DelphiRecordingsTable {
  id: string;
  suite_id: string;
  game_client_id: string;
  kind: 'background' | 'talk';
  mime_type: string;
  status: 'receiving' | 'complete';
  byte_size: number | null;
  sha256: string | null;
  duration_ms: number | null;
  created_at: string;
  completed_at: string | null;
}

export interface DelphiRecordingPartsTable {
  recording_id: string;
  part_index: number;
  byte_offset: number;
  byte_size: number;
  sha256: string;
  created_at: string;
}

/** Migration 0016 (issue 17, ADR 026): session events — context, steps, attention. */
export interface DelphiEventsTable {
  seq: Generated<number | string>;
  id: string;
  suite_id: string;
  participant_id: string;
  game_id: string | null;
  game_name: string | null;
  kind: string;
  client_id: string;
  at: number;
  duration_ms: number | null;
  step: number | null;
  steps: number | null;
  step_name: string | null;
  /** JSON object: the session context with the parsed browser and OS; {} for other kinds. */
  detail: string;
  received_at: string;
}

/** Migration 0024 (issue 17 part 7, ADR 027): the plots' cells, kept by triggers on delphi_responses. */
export interface DelphiPlotCellsTable {
  game_name: string;
  plot: string;
  shard: number;
  k1: string;
  k2: string;
  k3: string;
  n: number | string;
  s: number;
}

/** Migration 0024 (issue 17 part 7, ADR 025): each game's quality figures, kept by the same triggers. */
export interface DelphiGameFiguresTable {
  game_id: string;
  suite_id: string;
  responses: number;
  anticipations: number;
  timed: number;
  fast: number;
  scored: number;
  correct: number;
  last_responded: number;
  frame_sum: number;
  frame_n: number;
  run_response: string | null;
  run_length: number;
  longest_run: number;
  longest_response: string | null;
}

declare module '../../db/schema' {
  interface DatabaseSchema {
    delphi_suites: DelphiSuitesTable;
    delphi_games: DelphiGamesTable;
    delphi_rounds: DelphiRoundsTable;
    delphi_prompts: DelphiPromptsTable;
    delphi_responses: DelphiResponsesTable;
    delphi_exports: DelphiExportsTable;
    delphi_exclusion_log: DelphiExclusionLogTable;
    delphi_suite_releases: DelphiSuiteReleasesTable;
    delphi_events: DelphiEventsTable;
    delphi_plot_cells: DelphiPlotCellsTable;
    delphi_game_figures: DelphiGameFiguresTable;
    delphi_recordings: DelphiRecordingsTable;
    delphi_recording_parts: DelphiRecordingPartsTable;
    delphi_studies: DelphiStudiesTable;
    delphi_study_versions: DelphiStudyVersionsTable;
    delphi_study_consents: DelphiStudyConsentsTable;
    delphi_study_members: DelphiStudyMembersTable;
  }
}

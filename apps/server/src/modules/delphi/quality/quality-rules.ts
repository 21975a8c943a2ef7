/**
 * The quality flags' rules and thresholds (ADR 025), as pure functions of per-game figures the
 * database aggregates: a flag says which rule fired and the numbers that made it fire.
 */
import type { delphi } from '@chi/contract';

/** Faster than this is not a choice reaction (Whelan 2008; Ratcliff 1993: anticipations below 100–200 ms). */
export const TOO_FAST_MS = 150;
/** More than this share of too-fast responses flags the game. */
export const TOO_FAST_MAX_SHARE = 0.1;
/** Accuracy and share rules need this many responses before they speak. */
export const MIN_RESPONSES = 20;
/** A run of identical responses this unlikely under random responding flags straight-lining. */
export const RUN_MAX_EXPECTED = 0.01;
/** More than this share of a game's inputs arriving before the stimulus flags it (ADR 013's anticipations). */
export const ANTICIPATION_MAX_SHARE = 0.1;
/** A display refreshing outside this range (Hz), from the median frame interval, flags the game. */
export const REFRESH_RANGE_HZ = [50, 165] as const;
/**
 * Frame jitter: the interquartile range of the session's rAF deltas above this (a quarter of a
 * 60 Hz frame) means frames often came late, so onsets were not where the game put them (ADR 026).
 */
export const FRAME_JITTER_MAX_MS = 4;
/** Trials during which the participant left the page (ADR 026): one already flags the game. */
export const ATTENTION_MAX_TRIALS = 0;
/** A game in progress with no activity for this long counts as abandoned. */
export const ABANDON_AFTER_MS = 30 * 60 * 1000;

/**
 * Options a response chooses from, per game, for chance accuracy and run lengths; games whose
 * responses are not a choice among a few options (typed words, audio) have none.
 */
export const CHOICE_OPTIONS: Readonly<Partial<Record<delphi.GameName, number>>> = {
  QuizTime: 4,
  FlashMatch: 2,
  ColorCatch: 16,
  MimeMix: 6,
};

export interface GameFigures {
  readonly gameName: delphi.GameName;
  readonly status: delphi.GameStatus;
  /** Responses (not anticipations), those with a reaction time, and those faster than TOO_FAST_MS. */
  readonly responses: number;
  /** Inputs before the stimulus's onset (ADR 013), not counted in `responses`. */
  readonly anticipations: number;
  /** Mean of the responses' round frame intervals (median rAF deltas), ms; null when not measured. */
  readonly frameIntervalMs: number | null;
  readonly timed: number;
  readonly tooFast: number;
  readonly scored: number;
  readonly correct: number;
  /** The longest run of one identical response, and that response. */
  readonly longestRun: number;
  readonly runResponse: string | null;
  /** Epoch ms of the game's last activity (its start or its latest response). */
  readonly lastActivity: number;
  /** Trials (responses with an onset) and those the participant left the page during (ADR 026). */
  readonly attention?: { readonly trials: number; readonly trialsLeft: number; readonly events: number; readonly hiddenMs: number } | null;
  /** The display as the session context measured it (ADR 026), for the game's session. */
  readonly session?: { readonly frameIntervalMs: number | null; readonly frameJitterMs: number | null } | null;
}

/**
 * The shortest run length L whose expected number of occurrences among n responses, each one of
 * k equally likely options independently, is below RUN_MAX_EXPECTED: E ≈ n·(1 − p)·p^(L − 1)
 * with p = 1/k (the expected number of runs of length ≥ L; Schilling 1990).
 */
export function runThreshold(n: number, k: number): number {
  const p = 1 / k;
  let length = 2;
  while (n * (1 - p) * p ** (length - 1) >= RUN_MAX_EXPECTED) length++;
  return length;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function qualityFlags(figures: GameFigures, now: number): delphi.QualityFlag[] {
  const flags: delphi.QualityFlag[] = [];
  const { gameName } = figures;
  const options = CHOICE_OPTIONS[gameName];
  if (options !== undefined && figures.timed >= MIN_RESPONSES) {
    const share = figures.tooFast / figures.timed;
    if (share > TOO_FAST_MAX_SHARE) {
      flags.push({ kind: 'tooFast', gameName, values: { count: figures.tooFast, total: figures.timed, share: round3(share), thresholdMs: TOO_FAST_MS, maxShare: TOO_FAST_MAX_SHARE } });
    }
  }
  const inputs = figures.responses + figures.anticipations;
  if (options !== undefined && inputs >= MIN_RESPONSES && figures.anticipations / inputs > ANTICIPATION_MAX_SHARE) {
    flags.push({
      kind: 'anticipations', gameName,
      values: { count: figures.anticipations, total: inputs, share: round3(figures.anticipations / inputs), maxShare: ANTICIPATION_MAX_SHARE },
    });
  }
  // The rounds' own frame intervals where the game measured them, else the session context's.
  const frameIntervalMs = figures.frameIntervalMs ?? figures.session?.frameIntervalMs ?? null;
  if (frameIntervalMs !== null && frameIntervalMs > 0) {
    const hz = 1000 / frameIntervalMs;
    if (hz < REFRESH_RANGE_HZ[0] || hz > REFRESH_RANGE_HZ[1]) {
      flags.push({ kind: 'refreshRate', gameName, values: { hz: Math.round(hz), frameIntervalMs: round3(frameIntervalMs), minHz: REFRESH_RANGE_HZ[0], maxHz: REFRESH_RANGE_HZ[1] } });
    }
  }
  const jitter = figures.session?.frameJitterMs ?? null;
  if (options !== undefined && jitter !== null && jitter > FRAME_JITTER_MAX_MS) {
    flags.push({ kind: 'frameJitter', gameName, values: { jitterMs: round3(jitter), maxMs: FRAME_JITTER_MAX_MS } });
  }
  const attention = figures.attention;
  if (attention && attention.trialsLeft > ATTENTION_MAX_TRIALS) {
    flags.push({
      kind: 'attention', gameName,
      values: { trials: attention.trialsLeft, total: attention.trials, events: attention.events, hiddenMs: Math.round(attention.hiddenMs) },
    });
  }
  if (options !== undefined && figures.responses >= MIN_RESPONSES) {
    const threshold = runThreshold(figures.responses, options);
    if (figures.longestRun >= threshold) {
      flags.push({
        kind: 'straightLining', gameName,
        values: { run: figures.longestRun, response: figures.runResponse ?? '', threshold, total: figures.responses, options },
      });
    }
  }
  if (options !== undefined && figures.scored >= MIN_RESPONSES) {
    const accuracy = figures.correct / figures.scored;
    const chance = 1 / options;
    if (accuracy <= chance) {
      flags.push({ kind: 'atOrBelowChance', gameName, values: { correct: figures.correct, total: figures.scored, accuracy: round3(accuracy), chance: round3(chance) } });
    }
  }
  const abandoned = figures.status === 'in progress' && now - figures.lastActivity > ABANDON_AFTER_MS;
  if (figures.status === 'interrupted' || abandoned) {
    // An abandoned game names the quiet time that made it so: the page says it, never its own copy of it.
    const values: Record<string, string | number> = abandoned
      ? { status: 'abandoned', responses: figures.responses, minutes: ABANDON_AFTER_MS / 60_000 }
      : { status: 'interrupted', responses: figures.responses };
    flags.push({ kind: 'unfinished', gameName, values });
  }
  return flags;
}

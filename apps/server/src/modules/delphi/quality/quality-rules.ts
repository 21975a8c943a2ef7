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
  if (figures.frameIntervalMs !== null && figures.frameIntervalMs > 0) {
    const hz = 1000 / figures.frameIntervalMs;
    if (hz < REFRESH_RANGE_HZ[0] || hz > REFRESH_RANGE_HZ[1]) {
      flags.push({ kind: 'refreshRate', gameName, values: { hz: Math.round(hz), frameIntervalMs: round3(figures.frameIntervalMs), minHz: REFRESH_RANGE_HZ[0], maxHz: REFRESH_RANGE_HZ[1] } });
    }
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
    flags.push({ kind: 'unfinished', gameName, values: { status: abandoned ? 'abandoned' : 'interrupted', responses: figures.responses } });
  }
  return flags;
}

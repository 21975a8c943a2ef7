/**
 * What one simulated participant does (issue 27, ADR 067): the games of the suite in the hub's
 * order, each as the game kit records it — startGame, then per block a `step` event, startRound,
 * a prompt and its response per trial, endRound, and endGame — with block and trial counts from
 * the games' configs (Flash Match 2 × 42, Quiz Time 3 categories × 10, Color Catch, Mime Mix
 * practice + main, Word Links practice + levels; Morning Memo records audio and is left out).
 * `trialFraction` shortens every block alike. Think times: a fixation/feedback pause plus a
 * reaction time drawn from an ex-Gaussian (μ 450, σ 60, τ 250 ms: the usual shape of human
 * choice RTs, a normal with a long right tail), all scaled by `thinkScale`.
 */
import type { delphi } from '@chi/contract';

export interface TrialPlan {
  readonly correctAnswer: string;
  readonly category?: string;
}

export interface BlockPlan {
  readonly round: string;
  readonly trials: readonly TrialPlan[];
}

export interface GamePlan {
  readonly gameName: delphi.GameName;
  readonly blocks: readonly BlockPlan[];
  /** Pause between trials before the next prompt (fixation, feedback), ms before scaling. */
  readonly pauseMs: number;
}

const arrows = (n: number): TrialPlan[] => Array.from({ length: n }, (_, i) => ({ correctAnswer: i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft' }));
const options = (n: number, category: string): TrialPlan[] => Array.from({ length: n }, (_, i) => ({ correctAnswer: String(i % 4), category }));

const FULL: readonly GamePlan[] = [
  { gameName: 'FlashMatch', pauseMs: 1_200, blocks: [{ round: 'SZ_1', trials: arrows(42) }, { round: 'SZ_2', trials: arrows(42) }] },
  { gameName: 'QuizTime', pauseMs: 300, blocks: ['Science', 'Humanities', 'Sports'].map((c) => ({ round: c, trials: options(10, c) })) },
  { gameName: 'ColorCatch', pauseMs: 900, blocks: ['L1', 'L2', 'L3'].map((r) => ({ round: r, trials: options(16, 'color') })) },
  { gameName: 'MimeMix', pauseMs: 1_300, blocks: [{ round: 'practice', trials: options(12, 'face') }, { round: 'main', trials: options(84, 'face') }] },
  { gameName: 'WordLinks', pauseMs: 2_000, blocks: ['L1_P', 'L1', 'L2_P', 'L2'].map((r) => ({ round: r, trials: options(r.endsWith('P') ? 2 : 8, 'words') })) },
];

/** The suite, every block cut to `trialFraction` of its trials (at least one). */
export function suitePlan(trialFraction: number): GamePlan[] {
  return FULL.map((game) => ({
    ...game,
    blocks: game.blocks.map((b) => ({ ...b, trials: b.trials.slice(0, Math.max(1, Math.round(b.trials.length * trialFraction))) })),
  }));
}

export const recordsPerSuite = (plan: readonly GamePlan[]): number =>
  plan.reduce((sum, g) => sum + 2 + g.blocks.reduce((s, b) => s + 3 + 2 * b.trials.length, 0), 0);

/** Standard normal (Box–Muller). */
function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A reaction time in ms: ex-Gaussian μ 450, σ 60, τ 250 (mean 700 ms). */
export function sampleRtMs(random: () => number = Math.random): number {
  return Math.max(150, 450 + 60 * gaussian(random) - 250 * Math.log(Math.max(random(), Number.EPSILON)));
}

/** The expected length of one suite in ms at `thinkScale` (for the schedule printed at the start). */
export function expectedSuiteMs(plan: readonly GamePlan[], thinkScale: number): number {
  return plan.reduce((sum, g) => sum + g.blocks.reduce((s, b) => s + b.trials.length * (g.pauseMs + 700), 0), 0) * thinkScale;
}

/**
 * Color Catch's fixed seeded sequences (ADR 015). Per trial: which colours are tracked, then
 * a stream of flashes (colour, cell) in which every tracked colour appears at least once,
 * no cell flashes twice in a row, a colour that moves goes to a new cell, the colours' last
 * cells are all different, and no colour's earlier cell is another colour's last cell (so an
 * error is either "outdated" or a "swap", never both). Then the probe order of the colours.
 */
import { seededRandom, shuffle } from '../../../../game-kit/random/seeded-random';
import { CELLS, COLORS, type ColorId, type ColorLevel } from './color-catch-config';

export interface Flash {
  color: ColorId;
  cell: number;
}

export interface ColorTrial {
  colors: ColorId[];
  flashes: Flash[];
  /** The colours in the order they are probed. */
  probes: ColorId[];
}

/** The last cell of each colour after the stream. */
export function lastCells(flashes: readonly Flash[]): Map<ColorId, number> {
  const last = new Map<ColorId, number>();
  for (const flash of flashes) last.set(flash.color, flash.cell);
  return last;
}

/** Each colour's cells before its last one. */
export function earlierCells(flashes: readonly Flash[], color: ColorId): number[] {
  const cells = flashes.filter((f) => f.color === color).map((f) => f.cell);
  return cells.slice(0, -1);
}

/** Whether a stream keeps every rule above. */
export function isValidStream(colors: readonly ColorId[], flashes: readonly Flash[]): boolean {
  const last = lastCells(flashes);
  if (colors.some((c) => !last.has(c))) return false;
  if (new Set(last.values()).size !== last.size) return false;
  const position = new Map<ColorId, number>();
  for (const [i, flash] of flashes.entries()) {
    if (i > 0 && flashes[i - 1]?.cell === flash.cell) return false;
    if (position.get(flash.color) === flash.cell) return false;
    position.set(flash.color, flash.cell);
  }
  for (const color of colors) {
    const others = new Set([...last].filter(([c]) => c !== color).map(([, cell]) => cell));
    if (earlierCells(flashes, color).some((cell) => others.has(cell))) return false;
  }
  return true;
}

function trialOf(random: () => number, level: ColorLevel): ColorTrial {
  const colors = shuffle(
    COLORS.map((c) => c.id),
    random,
  ).slice(0, level.colors);
  for (;;) {
    // Every colour once, the rest drawn at random; then in a random order.
    const order = shuffle([...colors, ...Array.from({ length: level.flashes - colors.length }, () => colors[Math.floor(random() * colors.length)] as ColorId)], random);
    const flashes = order.map((color) => ({ color, cell: Math.floor(random() * CELLS) }));
    if (isValidStream(colors, flashes)) return { colors, flashes, probes: shuffle([...colors], random) };
  }
}

/** The level's trials: the same for every participant (the level's seed). */
export function levelTrials(level: ColorLevel): ColorTrial[] {
  const random = seededRandom(level.seed);
  return Array.from({ length: level.trials }, () => trialOf(random, level));
}

/** What a click on a probe was (ADR 015). */
export type ProbeOutcome = 'correct' | 'outdated' | 'swap' | 'other' | 'timeout';

/** Classifies a probe's answer: its colour's last cell, an earlier cell of it, another colour's last cell, other, or none. */
export function classifyProbe(trial: ColorTrial, color: ColorId, clicked: number | null): ProbeOutcome {
  if (clicked === null) return 'timeout';
  const last = lastCells(trial.flashes);
  if (last.get(color) === clicked) return 'correct';
  if (earlierCells(trial.flashes, color).includes(clicked)) return 'outdated';
  if ([...last].some(([c, cell]) => c !== color && cell === clicked)) return 'swap';
  return 'other';
}

export interface LevelScore {
  correctResponses: number;
  totalResponses: number;
}

/** correctResponses/totalResponses per level (an unanswered probe counts, as wrong). */
export function scoreLevels(outcomes: readonly { level: string; outcome: ProbeOutcome }[]): Record<string, LevelScore> {
  const scores: Record<string, LevelScore> = {};
  for (const { level, outcome } of outcomes) {
    const score = (scores[level] ??= { correctResponses: 0, totalResponses: 0 });
    score.totalResponses += 1;
    if (outcome === 'correct') score.correctResponses += 1;
  }
  return scores;
}

/** Row and column (1-based) of a cell, as the page and the export name it. */
export function cellName(cell: number): { row: number; column: number } {
  return { row: Math.floor(cell / 4) + 1, column: (cell % 4) + 1 };
}

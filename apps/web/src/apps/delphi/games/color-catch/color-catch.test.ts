import { describe, expect, it } from 'vitest';
import { COLORS, GAME_LEVELS, PRACTICE_LEVEL } from './color-catch-config';
import { classifyProbe, earlierCells, isValidStream, lastCells, levelTrials, scoreLevels, type ColorTrial } from './color-catch-sequences';
import { minDeuteranopeDeltaE } from './color-vision';

describe('Color Catch sequences (ADR 015)', () => {
  it.each([PRACTICE_LEVEL, ...GAME_LEVELS])('$id: fixed, the declared size, every rule kept', (level) => {
    const trials = levelTrials(level);
    expect(levelTrials(level)).toEqual(trials);
    expect(trials).toHaveLength(level.trials);
    for (const trial of trials) {
      expect(new Set(trial.colors).size).toBe(level.colors);
      expect(trial.flashes).toHaveLength(level.flashes);
      expect([...trial.probes].sort()).toEqual([...trial.colors].sort());
      expect(isValidStream(trial.colors, trial.flashes)).toBe(true);
      const last = lastCells(trial.flashes);
      expect(new Set(last.values()).size).toBe(level.colors);
      for (const flash of trial.flashes) expect(flash.cell).toBeGreaterThanOrEqual(0);
      for (const flash of trial.flashes) expect(flash.cell).toBeLessThan(16);
    }
    // With more flashes than colours, some colours move: updating is needed.
    if (level.flashes > level.colors) expect(trials.some((t) => t.colors.some((c) => earlierCells(t.flashes, c).length > 0))).toBe(true);
  });

  it('refuses streams that break a rule', () => {
    const colors = ['blue', 'red'] as const;
    expect(isValidStream([...colors], [{ color: 'blue', cell: 1 }])).toBe(false); // red never shown
    expect(isValidStream([...colors], [{ color: 'blue', cell: 1 }, { color: 'red', cell: 1 }])).toBe(false); // same cell twice in a row / same last cell
    expect(isValidStream([...colors], [{ color: 'blue', cell: 1 }, { color: 'red', cell: 2 }, { color: 'blue', cell: 2 }])).toBe(false); // last cells equal
    expect(isValidStream([...colors], [{ color: 'blue', cell: 3 }, { color: 'red', cell: 2 }, { color: 'blue', cell: 5 }, { color: 'red', cell: 3 }])).toBe(false); // blue's old cell is red's last
    expect(isValidStream([...colors], [{ color: 'blue', cell: 3 }, { color: 'red', cell: 2 }, { color: 'blue', cell: 5 }])).toBe(true);
  });

  it('classifies a probe answer: correct, outdated, swap, other, timeout', () => {
    const trial: ColorTrial = {
      colors: ['blue', 'red'],
      flashes: [{ color: 'blue', cell: 3 }, { color: 'red', cell: 2 }, { color: 'blue', cell: 5 }],
      probes: ['red', 'blue'],
    };
    expect(classifyProbe(trial, 'blue', 5)).toBe('correct');
    expect(classifyProbe(trial, 'blue', 3)).toBe('outdated');
    expect(classifyProbe(trial, 'blue', 2)).toBe('swap');
    expect(classifyProbe(trial, 'red', 5)).toBe('swap');
    expect(classifyProbe(trial, 'blue', 15)).toBe('other');
    expect(classifyProbe(trial, 'red', null)).toBe('timeout');
  });

  it('scores correctResponses/totalResponses per level, an unanswered probe as wrong', () => {
    expect(
      scoreLevels([
        { level: 'L1', outcome: 'correct' },
        { level: 'L1', outcome: 'outdated' },
        { level: 'L1', outcome: 'timeout' },
        { level: 'L2', outcome: 'correct' },
      ]),
    ).toEqual({ L1: { correctResponses: 1, totalResponses: 3 }, L2: { correctResponses: 1, totalResponses: 1 } });
  });

  it('uses a palette a deuteranope can tell apart (ΔE*ab ≥ 30 between any two, simulated)', () => {
    expect(minDeuteranopeDeltaE(COLORS.map((c) => c.hex))).toBeGreaterThanOrEqual(30);
    // The check can fail: Okabe–Ito's orange and yellow are close for a deuteranope (ΔE ≈ 17).
    expect(minDeuteranopeDeltaE(['#E69F00', '#F0E442', '#0072B2'])).toBeLessThan(30);
  });
});

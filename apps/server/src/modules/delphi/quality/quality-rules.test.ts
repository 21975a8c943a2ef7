/** Each quality rule fires on crafted figures and stays quiet where it should (ADR 025). */
import { describe, expect, it } from 'vitest';
import { ABANDON_AFTER_MS, qualityFlags, runThreshold } from './quality-rules';
import type { GameFigures } from './quality-rules';

const NOW = 1_800_000_000_000;
const base: GameFigures = {
  gameName: 'FlashMatch', status: 'completed', responses: 168, anticipations: 0, frameIntervalMs: 16.7, timed: 168, tooFast: 0, scored: 168, correct: 150,
  longestRun: 5, runResponse: 'ArrowLeft', lastActivity: NOW - 1000,
};
const kinds = (figures: Partial<GameFigures>) => qualityFlags({ ...base, ...figures }, NOW).map((flag) => flag.kind);

describe('quality rules', () => {
  it('stays quiet on a careful, finished player', () => {
    expect(kinds({})).toEqual([]);
  });

  it('flags too-fast responses above 10 % of timed responses, with the numbers', () => {
    expect(kinds({ tooFast: 16 })).toEqual([]);
    const [flag] = qualityFlags({ ...base, tooFast: 17 }, NOW);
    expect(flag).toEqual({ kind: 'tooFast', gameName: 'FlashMatch', values: { count: 17, total: 168, share: 0.101, thresholdMs: 150, maxShare: 0.1 } });
    expect(kinds({ tooFast: 5, timed: 10, responses: 10, scored: 10, correct: 9 })).toEqual([]);
  });

  it('flags anticipations above 10 % of a game\'s inputs (ADR 013), apart from responses', () => {
    expect(kinds({ anticipations: 18 })).toEqual([]);
    const [flag] = qualityFlags({ ...base, anticipations: 19 }, NOW);
    expect(flag).toEqual({ kind: 'anticipations', gameName: 'FlashMatch', values: { count: 19, total: 187, share: 0.102, maxShare: 0.1 } });
  });

  it('flags a display refreshing outside 50–165 Hz, from the measured frame interval', () => {
    expect(kinds({ frameIntervalMs: 6.94 })).toEqual([]);
    expect(kinds({ frameIntervalMs: 19.9 })).toEqual([]);
    const [slow] = qualityFlags({ ...base, frameIntervalMs: 33.3 }, NOW);
    expect(slow).toMatchObject({ kind: 'refreshRate', values: { hz: 30, minHz: 50, maxHz: 165 } });
    expect(kinds({ frameIntervalMs: 4.17 })).toEqual(['refreshRate']);
    expect(kinds({ frameIntervalMs: null })).toEqual([]);
  });

  it('sets the straight-lining run from the chance of such a run under random responding', () => {
    // n·(1 − p)·p^(L − 1) < 0.01: two options over 168 responses need 15 in a row, four options 8.
    expect(runThreshold(168, 2)).toBe(15);
    expect(runThreshold(30, 4)).toBe(7);
    expect(runThreshold(168, 2)).toBeGreaterThan(runThreshold(84, 2));
    expect(kinds({ longestRun: 14 })).toEqual([]);
    const [flag] = qualityFlags({ ...base, longestRun: 15, runResponse: 'ArrowRight' }, NOW);
    expect(flag).toMatchObject({ kind: 'straightLining', values: { run: 15, response: 'ArrowRight', threshold: 15, total: 168, options: 2 } });
  });

  it('flags accuracy at or below chance, once there are enough scored responses', () => {
    expect(kinds({ correct: 84 })).toEqual(['atOrBelowChance']);
    expect(kinds({ correct: 85 })).toEqual([]);
    expect(kinds({ gameName: 'QuizTime', responses: 30, timed: 30, scored: 30, correct: 7 })).toEqual(['atOrBelowChance']);
    expect(kinds({ gameName: 'QuizTime', responses: 30, timed: 30, scored: 30, correct: 8 })).toEqual([]);
    expect(kinds({ scored: 19, correct: 0 })).toEqual([]);
  });

  it('flags an interrupted game, and one in progress with no activity for 30 minutes', () => {
    expect(kinds({ status: 'interrupted' })).toEqual(['unfinished']);
    expect(kinds({ status: 'in progress', lastActivity: NOW - ABANDON_AFTER_MS + 1000 })).toEqual([]);
    const [flag] = qualityFlags({ ...base, status: 'in progress', lastActivity: NOW - ABANDON_AFTER_MS - 1 }, NOW);
    expect(flag).toMatchObject({ kind: 'unfinished', values: { status: 'abandoned', minutes: 30 } });
  });

  it('applies choice rules only to games whose responses are choices', () => {
    expect(kinds({ gameName: 'WordLinks', tooFast: 100, longestRun: 50, correct: 0 })).toEqual([]);
    expect(kinds({ gameName: 'WordLinks', status: 'interrupted' })).toEqual(['unfinished']);
  });
});

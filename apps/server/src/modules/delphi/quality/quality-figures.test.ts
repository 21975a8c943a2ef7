/**
 * The quality flags' figures the database keeps per game (issue 17 part 7, migration 0024's
 * triggers) against a straightforward computation in JavaScript over the same crafted rows read
 * in order, on both dialects: counts, and each game's longest run of one identical response
 * (the first of equal ones), anticipations and missing responses breaking nothing; after a
 * late prompt fills in reaction times, and after the backfill rebuilds them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, initSuite, ok } from '../delphi-kit';
import { rebuildGameFigures } from './figure-rows';
import { gameFigures } from './quality-figures';
import { TOO_FAST_MS } from './quality-rules';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Stored {
  game_id: string;
  game_name: string;
  round: string | null;
  response: string | null;
  anticipation: number | null;
  rt_ms: number | null;
  is_correct: number | null;
}

/** The figures as a reader would count them by hand: one pass over a game's rows in seq order. */
function byHand(rows: readonly Stored[]) {
  const games = new Map<string, { responses: number; anticipations: number; timed: number; tooFast: number; scored: number; correct: number; longestRun: number; runResponse: string | null }>();
  const current = new Map<string, { response: string; length: number }>();
  for (const row of rows) {
    const g = games.get(row.game_id) ?? { responses: 0, anticipations: 0, timed: 0, tooFast: 0, scored: 0, correct: 0, longestRun: 0, runResponse: null };
    games.set(row.game_id, g);
    // Practice rounds are not data: no count, no run (issue 25).
    if (row.round?.toLowerCase() === 'practice' || (row.game_name === 'WordLinks' && row.round?.toUpperCase().endsWith('P'))) continue;
    // Scored rows are counted as stored (an anticipation is never scored by a game, ADR 013).
    if (row.is_correct !== null) g.scored += 1;
    if (row.is_correct === 1) g.correct += 1;
    if (row.anticipation === 1) {
      g.anticipations += 1;
      continue;
    }
    g.responses += 1;
    if (row.rt_ms !== null) g.timed += 1;
    if (row.rt_ms !== null && row.rt_ms >= 0 && row.rt_ms < TOO_FAST_MS) g.tooFast += 1;
    // A run is of consecutive non-null responses; a null response is skipped, not a break (as in SQL).
    if (row.response === null) continue;
    const run = current.get(row.game_id);
    const next = run && run.response === row.response ? { response: run.response, length: run.length + 1 } : { response: row.response, length: 1 };
    current.set(row.game_id, next);
    if (next.length > g.longestRun) {
      g.longestRun = next.length;
      g.runResponse = next.response;
    }
  }
  return games;
}

describe.each(TEST_DIALECTS)('quality figures kept per game (%s)', (dialect) => {
  let t: TestApp;
  const suiteIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const next = random(11);
    const at = 1_700_000_000_000;
    const rows = [];
    for (let p = 0; p < 4; p++) {
      const participant = `figures-${p}`;
      const suite = (await initSuite(t, participant))._id;
      suiteIds.push(suite);
      for (const gameName of ['FlashMatch', 'QuizTime', 'MimeMix', 'WordLinks'] as const) {
        const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { participant, suite, gameName, _startedAt: at, timestamp: at, _clientId: cid() })))._id;
        // Streaks on purpose: a player who sometimes holds one key; ties between equal runs too.
        let held: string | null = null;
        for (let i = 0; i < 120; i++) {
          if (held === null || next() < 0.3) held = ['a', 'b', 'c'][Math.floor(next() * 3)] ?? 'a';
          const anticipation = next() < 0.05 ? 1 : 0;
          // Mime Mix opens with 12 practice faces and Word Links with a practice round: left out of every count.
          const round = gameName === 'MimeMix' ? (i < 12 ? 'practice' : 'main') : gameName === 'WordLinks' ? (i < 10 ? 'L1_P' : 'L1_1') : 'SZ_1';
          rows.push({
            id: cid(), suite_id: suite, participant_id: participant, game_id: game, game_name: gameName, client_id: cid(), round,
            response: next() < 0.05 ? null : held, is_correct: next() < 0.1 ? null : next() < 0.6 ? 1 : 0, anticipation,
            rt_ms: anticipation ? -30 : next() < 0.1 ? null : Math.round(next() * 900), responded_at: at + i, attributes: '{}', received_at: new Date(at).toISOString(),
          });
        }
      }
    }
    // Interleaved across games and suites, as several players log at once.
    rows.sort(() => next() - 0.5);
    for (let i = 0; i < rows.length; i += 100) await t.database.db.insertInto('delphi_responses').values(rows.slice(i, i + 100)).execute();
  });
  afterAll(() => t.close());

  async function expectFiguresByHand(): Promise<number> {
    const stored = await t.database.db.selectFrom('delphi_responses').select(['game_id', 'game_name', 'round', 'response', 'anticipation', 'rt_ms', 'is_correct']).orderBy('seq').execute();
    const expected = byHand(stored.map((r) => ({ ...r, rt_ms: r.rt_ms === null ? null : Number(r.rt_ms) })));
    const figures = await gameFigures(t.database.db, suiteIds);
    expect(figures.size).toBe(16);
    for (const [gameId, want] of expected) {
      const got = figures.get(gameId);
      expect(got && {
        responses: got.responses, anticipations: got.anticipations, timed: got.timed, tooFast: got.tooFast, scored: got.scored, correct: got.correct,
        longestRun: got.longestRun, runResponse: got.runResponse,
      }).toEqual(want);
    }
    return Math.max(...[...expected.values()].map((g) => g.longestRun));
  }

  it('counts and finds the longest run as a pass over the rows in order does', async () => {
    // The crafted streaks make runs long enough to tell a wrong answer from a right one.
    expect(await expectFiguresByHand()).toBeGreaterThan(5);
  });

  it('moves the counts when late prompts fill in reaction times, and rebuilds the same figures', async () => {
    const untimed = await t.database.db.selectFrom('delphi_responses').select('seq').where('rt_ms', 'is', null).where('anticipation', '=', 0).execute();
    expect(untimed.length).toBeGreaterThan(10);
    // As late-links.ts fills them in: some fast, some not.
    for (const [i, row] of untimed.entries()) await t.database.db.updateTable('delphi_responses').set({ rt_ms: i % 2 === 0 ? 90 : 600 }).where('seq', '=', row.seq).execute();
    await expectFiguresByHand();
    await rebuildGameFigures(t.database.db);
    await expectFiguresByHand();
  });
});

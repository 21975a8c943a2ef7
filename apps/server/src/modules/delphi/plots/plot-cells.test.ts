/**
 * The plots' kept cells (migration 0024's triggers, ADR 027) against the straightforward count
 * of the responses, on crafted rows of every game, after inserts, a late prompt filling in
 * reaction times, and a suite deleted; and the backfill giving the same cells. Both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, initSuite, ok } from '../delphi-kit';
import { PLOT_KINDS, cellsFromResponses, keptCells, rebuildPlotCells } from './plot-cells';

/** A small deterministic generator: the same crafted rows on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type Cell = { key: string; n: number; s: number };

const byKey = (rows: { k1: string; k2: string; k3: string; n: unknown; s: unknown }[]): Cell[] =>
  rows
    .map((r) => ({ key: `${r.k1}|${r.k2}|${r.k3}`, n: Number(r.n), s: Number(r.s ?? 0) }))
    .filter((c) => c.n !== 0)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

describe.each(TEST_DIALECTS)('plot cells kept by triggers (%s)', (dialect) => {
  let t: TestApp;
  const suites: { participant: string; suite: string; games: Map<delphi.GameName, string> }[] = [];
  const next = random(7);
  const pick = <T,>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;

  /** Every game's cells, kept and counted, compared cell by cell. */
  async function expectKeptEqualsCounted(): Promise<number> {
    let compared = 0;
    for (const gameName of delphi.GAME_NAMES) {
      for (const kind of PLOT_KINDS) {
        const kept = byKey(await keptCells(t.database.db, kind, gameName));
        const counted = byKey(await cellsFromResponses(t.database.db, dialect, kind, gameName, sql`1 = 1`));
        expect(kept.map((c) => [c.key, c.n]), `${gameName} ${kind}`).toEqual(counted.map((c) => [c.key, c.n]));
        kept.forEach((c, i) => expect(c.s).toBeCloseTo(counted[i]?.s ?? NaN, 6));
        compared += counted.length;
      }
    }
    return compared;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const at = 1_700_000_000_000;
    for (let p = 0; p < 6; p++) {
      const participant = `cells-${p}`;
      const suite = (await initSuite(t, participant))._id;
      const games = new Map<delphi.GameName, string>();
      for (const gameName of delphi.GAME_NAMES) {
        const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { participant, suite, gameName, _startedAt: at, timestamp: at, _clientId: cid() })))._id;
        games.set(gameName, game);
      }
      suites.push({ participant, suite, games });
    }
    // Crafted rows straight into the table (the triggers fire on any insert): edge values of every cell key.
    const rows = [];
    for (let i = 0; i < 900; i++) {
      const { participant, suite, games } = pick(suites);
      const gameName = pick(delphi.GAME_NAMES);
      const rt = pick([null, -40, 0, 49.9, 50, 420.5, 1999.99, 2000, 2500, 4999, 5000, 19_999, 20_000, 31_000, 300 + next() * 3000]);
      const isCorrect = pick([null, 0, 1, 1]);
      rows.push({
        id: cid(), suite_id: suite, participant_id: participant, game_id: games.get(gameName) ?? '', game_name: gameName,
        round: pick([null, 'SZ_1', 'VS_2', 'Level_1', 'main', 'practice', 'L1_2', 'L2_P', 'L1_P', 'Science']),
        client_id: cid(), response: pick([null, '', 'ArrowRight', 'happy', '3', 'boat']),
        is_correct: isCorrect, correct_answer: pick([null, 'ArrowRight', 'ArrowLeft', 'fear', '3']),
        category: pick([null, 'Search', 'top congruent', 'History']),
        prompted_at: null, responded_at: at + i, rt_ms: rt, anticipation: pick([null, 0, 0, 1]), frame_interval_ms: 16.7,
        attributes: JSON.stringify(pick([{}, { errorType: 'outdated' }, { errorType: 'timeout' }, { score: 45.5 }, { score: 100 }, { score: 0 }, { score: 89.99 }, { accepted: false }, { score: 'high' }, { score: [3] }])),
        received_at: new Date(at).toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += 100) await t.database.db.insertInto('delphi_responses').values(rows.slice(i, i + 100)).execute();
  });
  afterAll(() => t.close());

  it('keeps the same cells as counting the responses, after inserts', async () => {
    expect(await expectKeptEqualsCounted()).toBeGreaterThan(50);
  });

  it('moves a response to its RT bin when its late prompt arrives, and forgets a deleted suite', async () => {
    const { participant, suite, games } = suites[0] ?? { participant: '', suite: '', games: new Map<delphi.GameName, string>() };
    const game = games.get('FlashMatch') ?? '';
    const before = byKey(await keptCells(t.database.db, 'rt', 'FlashMatch'));
    await ok(delphiCall(t, delphi.startRound, { participant, suite, game, round: 'SZ_9', _clientId: cid(), timestamp: 1_700_000_000_001 }));
    const prompt = cid();
    // The response first (a page leaving an iframe), without a reaction time: no RT cell yet.
    await ok(delphiCall(t, delphi.logResponse, {
      participant, suite, game, round: 'SZ_9', prompt, _clientId: cid(), response: 'ArrowRight', correctAnswer: 'ArrowRight', isCorrect: true, _respondedAt: 1_700_000_005_420,
    }));
    expect(byKey(await keptCells(t.database.db, 'rt', 'FlashMatch'))).toEqual(before);
    await ok(delphiCall(t, delphi.logPrompt, { participant, suite, game, round: 'SZ_9', _clientId: prompt, prompt: '3', _promptedAt: 1_700_000_005_000 }));
    const after = byKey(await keptCells(t.database.db, 'rt', 'FlashMatch'));
    expect(after.find((c) => c.key === 'yes|SZ_9|400')).toEqual({ key: 'yes|SZ_9|400', n: 1, s: 420 });
    await expectKeptEqualsCounted();

    // A test reset deletes the participant's suite; its responses go (cascade) and so do their cells.
    await initSuite(t, suites[1]?.participant ?? '', { reset: true });
    await expectKeptEqualsCounted();
  });

  it('stores a response whose attributes hold a score that is not a number, and leaves it out of the score view', async () => {
    const { participant, suite, games } = suites[2] ?? { participant: '', suite: '', games: new Map<delphi.GameName, string>() };
    const game = games.get('WordLinks') ?? '';
    await ok(delphiCall(t, delphi.startRound, { participant, suite, game, round: 'L1_3', _clientId: cid(), timestamp: 1_700_000_000_002 }));
    const before = byKey(await keptCells(t.database.db, 'view', 'WordLinks'));
    for (const score of ['high', '42', { value: 42 }, true]) {
      const response = await delphiCall(t, delphi.logResponse, {
        participant, suite, game, round: 'L1_3', prompt: cid(), _clientId: cid(), response: 'boat', _respondedAt: 1_700_000_006_000, attributes: { score },
      });
      expect(response.statusCode, JSON.stringify(score)).toBe(200);
    }
    const stored = await t.database.db.selectFrom('delphi_responses').select('id').where('game_id', '=', game).where('round', '=', 'L1_3').execute();
    expect(stored).toHaveLength(4);
    expect(byKey(await keptCells(t.database.db, 'view', 'WordLinks'))).toEqual(before);
    await expectKeptEqualsCounted();
  });

  it('rebuilds the same cells from the responses (the migration’s backfill)', async () => {
    const kept = await Promise.all(PLOT_KINDS.map(async (kind) => byKey(await keptCells(t.database.db, kind, 'ColorCatch'))));
    await rebuildPlotCells(t.database.db, dialect);
    const rebuilt = await Promise.all(PLOT_KINDS.map(async (kind) => byKey(await keptCells(t.database.db, kind, 'ColorCatch'))));
    expect(rebuilt.map((cells) => cells.map((c) => [c.key, c.n]))).toEqual(kept.map((cells) => cells.map((c) => [c.key, c.n])));
    await expectKeptEqualsCounted();
  });
});

/**
 * Migration 0040 (ADR 070, amendment h22): the triggers compute a response's plot cells from the
 * row itself (`new.*`, `old.*`) instead of looking it up and grouping it. Whatever path changes
 * the responses — inserts of every cell key's edge values, a late prompt's link (the route),
 * updates of every column a cell reads, single rows deleted, a suite reset (the route, cascading) —
 * the kept cells, shard by shard, must equal a full rebuild from the responses, and the games'
 * counts a rebuild of the figures. 0040's down brings the grouped triggers of 0030/0036 back,
 * and its up the per-row ones again. Both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, initSuite, ok } from '../delphi-kit';
import { down, up } from '../migrations/0040-delphi-cells-from-row';
import { rebuildGameFigures } from '../quality/figure-rows';
import { rebuildPlotCells } from './plot-cells';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const AT = 1_700_000_000_000;

describe.each(TEST_DIALECTS)('plot cells from the row (migration 0040, %s)', (dialect) => {
  let t: TestApp;
  const suites: { participant: string; suite: string; games: Map<delphi.GameName, string> }[] = [];
  const next = random(40);
  const pick = <T,>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;

  /** Every cell row (per shard), as text: what the triggers kept. */
  async function cells(): Promise<string[]> {
    const rows = (await sql<{ game_name: string; plot: string; shard: unknown; k1: string; k2: string; k3: string; n: unknown; s: unknown }>`
      select game_name, plot, shard, k1, k2, k3, n, s from delphi_plot_cells`.execute(t.database.db)).rows;
    return rows.filter((r) => Number(r.n) !== 0).map((r) => [r.game_name, r.plot, Number(r.shard), r.k1, r.k2, r.k3, Number(r.n), Number(Number(r.s ?? 0).toFixed(6))].join('|')).sort();
  }

  /** Every game's counts (the figures the quality rules read). */
  async function figures(): Promise<string[]> {
    const rows = (await sql<Record<string, unknown>>`
      select game_id, responses, anticipations, timed, fast, scored, correct, frame_n from delphi_game_figures`.execute(t.database.db)).rows;
    return rows.map((r) => ['game_id', 'responses', 'anticipations', 'timed', 'fast', 'scored', 'correct', 'frame_n'].map((k) => String(r[k])).join('|')).sort();
  }

  async function triggerText(): Promise<string> {
    const rows = dialect === 'sqlite'
      ? (await sql<{ text: string }>`select group_concat(sql, ' ') as text from sqlite_master where type = 'trigger' and name like 'delphi_plot_cells_%'`.execute(t.database.db)).rows
      : (await sql<{ text: string }>`select string_agg(pg_get_functiondef(p.oid), ' ') as text from pg_proc p where proname in ('delphi_plot_cells_add', 'delphi_plot_cells_remove') and pg_function_is_visible(p.oid)`.execute(t.database.db)).rows;
    return rows[0]?.text ?? '';
  }

  async function craftedRows(count: number): Promise<void> {
    const rows = [];
    for (let i = 0; i < count; i++) {
      const { participant, suite, games } = pick(suites);
      const gameName = pick(delphi.GAME_NAMES);
      rows.push({
        id: cid(), suite_id: suite, participant_id: participant, game_id: games.get(gameName) ?? '', game_name: gameName,
        round: pick([null, 'SZ_1', 'VS_2', 'Level_1', 'main', 'practice', 'Practice', 'L1_2', 'L2_P', 'Science']),
        client_id: cid(), response: pick([null, '', 'ArrowRight', 'happy', '3', 'boat']),
        is_correct: pick([null, 0, 1, 1]), correct_answer: pick([null, 'ArrowRight', 'ArrowLeft', 'fear', '3']),
        category: pick([null, 'Search', 'top congruent', 'History']),
        prompted_at: null, responded_at: AT + i, rt_ms: pick([null, null, -40, 0, 49.9, 50, 149, 420.5, 1999.99, 2000, 4999, 5000, 20_000, 31_000, 300 + next() * 3000]),
        anticipation: pick([null, 0, 0, 1]), frame_interval_ms: pick([null, 16.7]),
        attributes: JSON.stringify(pick([{}, { errorType: 'outdated' }, { score: 45.5 }, { score: 100 }, { score: 0 }, { score: 'high' }, { score: [3] }])),
        received_at: new Date(AT).toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += 100) await t.database.db.insertInto('delphi_responses').values(rows.slice(i, i + 100)).execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (let p = 0; p < 9; p++) {
      const participant = `from-row-${p}`;
      const suite = (await initSuite(t, participant))._id;
      const games = new Map<delphi.GameName, string>();
      for (const gameName of delphi.GAME_NAMES) {
        games.set(gameName, (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { participant, suite, gameName, _startedAt: AT, timestamp: AT, _clientId: cid() })))._id);
      }
      suites.push({ participant, suite, games });
    }
  });
  afterAll(() => t.close());

  it('runs the per-row triggers (0040), not the grouped ones', async () => {
    const text = await triggerText();
    expect(text).toContain('from (select new.game_name as game_name');
    expect(text).toContain('from (select old.game_name as game_name');
    expect(text).not.toContain('group by');
  });

  it('keeps the cells a full rebuild gives after inserts, late links, updates of every cell column, deletes and a suite reset', async () => {
    await craftedRows(700);
    // Late responses and their prompts through the routes: stored without a reaction time, then linked (an update of rt_ms).
    const { participant, suite, games } = suites[0] ?? { participant: '', suite: '', games: new Map<delphi.GameName, string>() };
    const game = games.get('FlashMatch') ?? '';
    await ok(delphiCall(t, delphi.startRound, { participant, suite, game, round: 'SZ_9', _clientId: cid(), timestamp: AT + 1 }));
    for (let i = 0; i < 6; i++) {
      const prompt = cid();
      await ok(delphiCall(t, delphi.logResponse, {
        participant, suite, game, round: 'SZ_9', prompt, _clientId: cid(), response: 'ArrowRight', correctAnswer: 'ArrowRight', isCorrect: i % 2 === 0, _respondedAt: AT + 5_000 + i * 1_000 + 300 + i * 37,
      }));
      await ok(delphiCall(t, delphi.logPrompt, { participant, suite, game, round: 'SZ_9', _clientId: prompt, prompt: '3', _promptedAt: AT + 5_000 + i * 1_000 }));
    }
    // Updates of each column a cell or a count reads (nothing in the product changes most of them; the triggers cover them all).
    const db = t.database.db;
    await sql`update delphi_responses set rt_ms = 777 where rt_ms is null and response = 'boat'`.execute(db);
    await sql`update delphi_responses set is_correct = 1 - is_correct where is_correct is not null and category = 'Search'`.execute(db);
    await sql`update delphi_responses set round = 'L9_P' where round = 'L1_2'`.execute(db);
    await sql`update delphi_responses set category = null where category = 'History'`.execute(db);
    await sql`update delphi_responses set anticipation = 0 where anticipation = 1 and response = 'happy'`.execute(db);
    await sql`update delphi_responses set attributes = '{"score":71}' where attributes = '{"score":"high"}'`.execute(db);
    await sql`update delphi_responses set response = 'fear', correct_answer = 'ArrowLeft' where response = '3'`.execute(db);
    // A suite reset deletes the suite; its responses go by cascade, and their cells with them.
    await initSuite(t, suites[4]?.participant ?? '', { reset: true });
    // The games' counts (0040 leaves their statements as they were) equal their rebuild.
    const keptFigures = await figures();
    await rebuildGameFigures(db);
    expect(await figures()).toEqual(keptFigures);
    // Single rows deleted (the delete trigger; no route deletes one row today).
    await sql`delete from delphi_responses where seq in (select seq from delphi_responses where anticipation = 0 order by seq limit 40)`.execute(db);

    const kept = await cells();
    expect(kept.length).toBeGreaterThan(100);
    await rebuildPlotCells(db, dialect);
    expect(await cells()).toEqual(kept);
  });

  it('goes back to the grouped triggers on down and keeps the same cells through both, then per row again on up', async () => {
    await down(t.database.db as never);
    expect(await triggerText()).toContain('group by');
    await craftedRows(150);
    await up(t.database.db as never);
    expect(await triggerText()).not.toContain('group by');
    await craftedRows(150);
    await sql`update delphi_responses set rt_ms = 1234 where rt_ms is null`.execute(t.database.db);
    const kept = await cells();
    await rebuildPlotCells(t.database.db, dialect);
    expect(await cells()).toEqual(kept);
  });
});

/** Group commit of responses (ADR 070): a burst is stored once per client id, counted once, and one bad row fails only itself. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { cid, delphiCall, ok, startPlaying } from './delphi-kit';
import { RateLimiter } from '../../security/rate-limiter';
import { insertOneResponse } from './records.service';
import { insertResponseGrouped, type ResponseRow } from './response-group-commit';

describe.each(TEST_DIALECTS)('delphi response group commit (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('stores a burst of concurrent responses, each sent twice at once, exactly once and counts each once', async () => {
    const players = await Promise.all([
      startPlaying(t, 'G-burst-1'), startPlaying(t, 'G-burst-2', 'QuizTime'), startPlaying(t, 'G-burst-3'), startPlaying(t, 'G-burst-4', 'QuizTime'),
    ]);
    const at = Date.now();
    const sends = players.flatMap((p) => Array.from({ length: 10 }, (_, i) => ({
      ...p.who, game: p.game, round: p.round, _clientId: cid(), response: 'right', isCorrect: i % 2 === 0, rtMs: 300 + i, _respondedAt: at + i,
    })));
    // Every response twice in the same burst: the outbox resending while the first is still in flight.
    const acks = await Promise.all([...sends, ...sends].map((body) => ok<delphi.LogAck>(delphiCall(t, delphi.logResponse, body))));
    for (const [i, body] of sends.entries()) {
      const pair = [acks[i], acks[i + sends.length]];
      expect(pair[0]?._id, body._clientId).toBe(pair[1]?._id);
      expect(pair.filter((a) => a?.duplicate === false)).toHaveLength(1);
    }
    for (const p of players) {
      const rows = await t.database.db.selectFrom('delphi_responses').select(['id', 'client_id']).where('suite_id', '=', p.suite).execute();
      expect(rows).toHaveLength(10);
      expect(new Set(rows.map((r) => r.client_id)).size).toBe(10);
      // The cell triggers ran once per stored row (0024/0036): the game's figures and its scores say 10, 5 correct.
      const figures = await t.database.db.selectFrom('delphi_game_figures').select(['responses', 'correct']).where('game_id', '=', p.game).executeTakeFirstOrThrow();
      expect([Number(figures.responses), Number(figures.correct)]).toEqual([10, 5]);
      const scores = await ok<{ games: delphi.GameScores[] }>(delphiCall(t, delphi.getGameScores, { ...p.who }));
      expect(scores.games.find((s) => s.gameId === p.game)?.blocks).toEqual({ SZ_1: { correctResponses: 5, totalResponses: 10 } });
    }
  });

  it('fails only the bad row of a group: its neighbours are stored and answered', async () => {
    const p = await startPlaying(t, 'G-bad-row');
    const row = (n: number, suite = p.suite): ResponseRow => ({
      id: cid(), suite_id: suite, participant_id: p.participant, game_id: p.game, game_name: 'FlashMatch', round_id: null, round: p.round,
      prompt_id: null, prompt_client_id: null, prompt: null, client_id: `bad-row-${n}`, response: 'right', is_correct: 1, correct_answer: null,
      category: null, question_index: null, question: null, prompted_at: null, responded_at: 1_700_000_000_000 + n, rt_ms: 400, anticipation: 0,
      frame_interval_ms: null, modality: null, attributes: '{}', received_at: new Date().toISOString(),
    });
    const db = t.database.db;
    // Queued in one turn of the event loop: one group. The second row names no suite (a foreign key).
    const outcomes = await Promise.allSettled([
      insertResponseGrouped(db, row(1), insertOneResponse),
      insertResponseGrouped(db, row(2, 'no-such-suite'), insertOneResponse),
      insertResponseGrouped(db, row(3), insertOneResponse),
      insertResponseGrouped(db, { ...row(4), client_id: 'bad-row-1' }, insertOneResponse),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const [first, bad, third, again] = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'error'));
    expect([bad, third]).toEqual(['error', true]);
    // The two rows with one client id: exactly one is stored (PostgreSQL writes them concurrently, either may win).
    expect([first, again].sort()).toEqual([false, true]);
    const rows = await db.selectFrom('delphi_responses').select('client_id').where('suite_id', '=', p.suite).orderBy('client_id').execute();
    expect(rows.map((r) => r.client_id)).toEqual(['bad-row-1', 'bad-row-3']);
    const figures = await db.selectFrom('delphi_game_figures').select('responses').where('game_id', '=', p.game).executeTakeFirstOrThrow();
    expect(Number(figures.responses)).toBe(2);
  });

  it('commits rate-limit counts and response rows of one group together; a bad row fails only itself, the counts stay', async () => {
    const p = await startPlaying(t, 'G-mixed');
    const row = (n: number, suite = p.suite): ResponseRow => ({
      id: cid(), suite_id: suite, participant_id: p.participant, game_id: p.game, game_name: 'FlashMatch', round_id: null, round: p.round,
      prompt_id: null, prompt_client_id: null, prompt: null, client_id: `mixed-${n}`, response: 'right', is_correct: 1, correct_answer: null,
      category: null, question_index: null, question: null, prompted_at: null, responded_at: 1_700_000_000_000 + n, rt_ms: 400, anticipation: 0,
      frame_interval_ms: null, modality: null, attributes: '{}', received_at: new Date().toISOString(),
    });
    const db = t.database.db;
    const limiter = new RateLimiter(db);
    const limit = { max: 2, windowMs: 60_000 };
    // Queued in one turn of the event loop: on SQLite one group of both kinds, whose transaction fails on row 2.
    const outcomes = await Promise.allSettled([
      limiter.hit([{ key: 'mixed-group', limit }]),
      insertResponseGrouped(db, row(1), insertOneResponse),
      limiter.hit([{ key: 'mixed-group', limit }]),
      insertResponseGrouped(db, row(2, 'no-such-suite'), insertOneResponse),
      limiter.hit([{ key: 'mixed-group', limit }]),
      insertResponseGrouped(db, row(3), insertOneResponse),
    ]);
    // The rows: the bad one alone fails. The counts: exactly the limit admitted (PostgreSQL runs them concurrently, any two may win).
    expect([1, 3, 5].map((i) => outcomes[i]?.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const hits = [0, 2, 4].map((i) => outcomes[i]);
    expect(hits.filter((o) => o?.status === 'fulfilled')).toHaveLength(2);
    expect(hits.flatMap((o) => (o?.status === 'rejected' ? [o.reason as { statusCode?: number }] : [])).map((e) => e.statusCode)).toEqual([429]);
    const bucket = await db.selectFrom('rate_limits').select('count').where('bucket', '=', 'mixed-group').executeTakeFirstOrThrow();
    expect(Number(bucket.count)).toBe(2);
    const rows = await db.selectFrom('delphi_responses').select('client_id').where('suite_id', '=', p.suite).orderBy('client_id').execute();
    expect(rows.map((r) => r.client_id)).toEqual(['mixed-1', 'mixed-3']);
  });
});

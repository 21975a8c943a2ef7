/** Prompts and responses: idempotent retries, credentials, late records, and scores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { answer, cid, countRows, delphiCall, ok, startPlaying } from './delphi-kit';

describe.each(TEST_DIALECTS)('delphi prompts and responses (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('stores a prompt and a response once however often they are sent', async () => {
    const p = await startPlaying(t, 'R-once');
    const prompt = { ...p.who, game: p.game, round: p.round, _clientId: cid(), prompt: '3', _promptedAt: 1_700_000_000_000.5, attributes: { i: 1 } };
    const first = await ok<delphi.LogAck>(delphiCall(t, delphi.logPrompt, prompt));
    expect(first.duplicate).toBe(false);
    expect(await ok(delphiCall(t, delphi.logPrompt, prompt))).toEqual({ _id: first._id, duplicate: true });
    const response = {
      ...p.who, game: p.game, round: p.round, prompt: prompt._clientId, _clientId: cid(),
      response: 'ArrowRight', isCorrect: true, correctAnswer: 'ArrowRight', _respondedAt: 1_700_000_000_412.75,
    };
    const answered = await ok<delphi.LogAck>(delphiCall(t, delphi.logResponse, response));
    const retries = await Promise.all([1, 2, 3].map(() => ok<delphi.LogAck>(delphiCall(t, delphi.logResponse, response))));
    expect(retries).toEqual([1, 2, 3].map(() => ({ _id: answered._id, duplicate: true })));
    const rows = await t.database.db.selectFrom('delphi_responses').selectAll().where('suite_id', '=', p.suite).execute();
    expect(rows).toHaveLength(1);
    // The prompt's onset fills in; the reaction time is derived from the two client times.
    expect(rows[0]).toMatchObject({ prompted_at: 1_700_000_000_000.5, responded_at: 1_700_000_000_412.75, rt_ms: 412.25, is_correct: 1, response: 'ArrowRight' });
    expect(Date.parse(rows[0]?.received_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps the client reaction time and answer values as sent', async () => {
    const p = await startPlaying(t, 'R-values', 'QuizTime');
    await answer(t, p, { rtMs: 380.125, response: 2, correctAnswer: false, isCorrect: null, category: 'Humanities', questionIndex: 7, question: 'Q?' });
    const row = await t.database.db.selectFrom('delphi_responses').selectAll().where('suite_id', '=', p.suite).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rt_ms: 380.125, response: '2', correct_answer: 'false', is_correct: null, category: 'Humanities', question_index: 7, question: 'Q?' });
  });

  it('stores anticipations with their signed time, never clamped or scored, and the frame interval (ADR 013)', async () => {
    const p = await startPlaying(t, 'R-timing');
    // The client's own anticipation: a key 1.25 ms before the onset frame.
    await answer(t, p, { isCorrect: undefined, anticipation: true, rtMs: -1.25, _respondedAt: 1_700_000_000_000 - 1.25, frameIntervalMs: 16.667 }, 1_700_000_000_000);
    // No rtMs sent, respondedAt before the prompt's onset: derived negative and flagged, not 0.
    await answer(t, p, { isCorrect: undefined, _respondedAt: 1_700_000_001_000 - 3 }, 1_700_000_001_000);
    await answer(t, p, { rtMs: 250.5, frameIntervalMs: 6.944 }, 1_700_000_002_000);
    // No response within the limit: no RT at all, not the time until the limit.
    await answer(t, p, { rtMs: null, response: null, isCorrect: false, _respondedAt: 1_700_000_013_000 }, 1_700_000_003_000);
    const rows = await t.database.db.selectFrom('delphi_responses').selectAll().where('suite_id', '=', p.suite).orderBy('seq').execute();
    expect(rows.map((r) => [r.rt_ms, r.anticipation, r.frame_interval_ms, r.is_correct])).toEqual([
      [-1.25, 1, 16.667, null],
      [-3, 1, null, null],
      [250.5, 0, 6.944, 1],
      [null, 0, null, 0],
    ]);
    // Only the response is scored.
    const scores = await ok<{ games: delphi.GameScores[] }>(delphiCall(t, delphi.getGameScores, { ...p.who }));
    expect(scores.games.find((s) => s.gameId === p.game)?.blocks).toEqual({ SZ_1: { correctResponses: 1, totalResponses: 2 } });
    const base = { ...p.who, game: p.game, _clientId: cid(), _respondedAt: Date.now() };
    const refused: [Record<string, unknown>, string][] = [
      [{ ...base, rtMs: -2 }, 'rtMs: a negative rtMs is an anticipation (anticipation: true)'],
      [{ ...base, anticipation: true, rtMs: -2, isCorrect: false }, 'isCorrect: an anticipation is never scored (isCorrect must be absent)'],
      // Issue 25: a flag that contradicts the sign (an input inside or after the onset frame) is refused, not stored.
      [{ ...base, anticipation: true, rtMs: 12.5 }, 'rtMs: an anticipation came before the onset frame: its rtMs must be negative'],
      [{ ...base, anticipation: true, rtMs: 0 }, 'rtMs: an anticipation came before the onset frame: its rtMs must be negative'],
      [{ ...base, frameIntervalMs: 0 }, 'frameIntervalMs: frameIntervalMs must be a positive number of milliseconds'],
    ];
    for (const [payload, message] of refused) {
      const response = await delphiCall(t, delphi.logResponse, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().Error.message).toBe(message);
    }
  });

  it('refuses writes into another participant’s suite or game, and answers to a prompt of another game', async () => {
    const a = await startPlaying(t, 'R-a');
    const b = await startPlaying(t, 'R-b');
    const { promptId } = await answer(t, b);
    const at = Date.now();
    const quiz = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...b.who, gameName: 'QuizTime', _startedAt: at, timestamp: at, _clientId: cid() })))._id;
    const before = await countRows(t, 'delphi_responses');
    const base = { game: b.game, round: b.round, _clientId: cid(), _respondedAt: Date.now() };
    const attempts: [Record<string, unknown>, delphi.LogAck | object][] = [
      [{ ...base, participant: 'R-b', suite: a.suite }, { Error: delphi.DELPHI_ERRORS.unknownSuite }],
      [{ ...base, ...b.who, game: a.game }, { Error: delphi.DELPHI_ERRORS.unknownGameId }],
      // A prompt or round not logged yet may still arrive (late linking); one of another game never belongs here.
      [{ ...base, ...b.who, game: quiz, prompt: promptId }, { Error: delphi.DELPHI_ERRORS.unknownPrompt }],
    ];
    for (const [payload, error] of attempts) {
      const response = await delphiCall(t, delphi.logResponse, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(error);
    }
    const prompt = await delphiCall(t, delphi.logPrompt, { participant: 'R-b', suite: a.suite, game: a.game, _clientId: cid(), _promptedAt: Date.now() });
    expect(prompt.json()).toEqual({ Error: delphi.DELPHI_ERRORS.unknownSuite });
    expect(await countRows(t, 'delphi_responses')).toBe(before);
  });

  it('names the field of a bad input', async () => {
    const p = await startPlaying(t, 'R-bad');
    const base = { ...p.who, game: p.game, _clientId: cid(), _respondedAt: Date.now() };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, _respondedAt: undefined }, '_respondedAt: must be milliseconds since the epoch'],
      [{ ...base, _clientId: undefined }, '_clientId: _clientId is required'],
      [{ ...base, participant: '' }, 'participant: A valid participant id is required'],
      [{ ...base, isCorrect: 'yes' }, 'isCorrect: Invalid input: expected boolean, received string'],
      [{ ...base, questionIndex: -1 }, 'questionIndex: Too small: expected number to be >=0'],
      [{ ...base, rtMs: -5 }, 'rtMs: a negative rtMs is an anticipation (anticipation: true)'],
    ];
    for (const [payload, message] of cases) {
      const response = await delphiCall(t, delphi.logResponse, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().Error.message).toBe(message);
    }
  });

  it('accepts records made before the game ended, refuses those made after, acknowledges retries', async () => {
    const p = await startPlaying(t, 'R-late');
    const endAt = Date.now();
    const early = { promptedAt: endAt - 2_000 };
    const kept = await answer(t, p, {}, early.promptedAt - 1);
    await ok(delphiCall(t, delphi.endGame, { ...p.who, timestamp: endAt, _clientId: cid() }, { id: p.game }));
    // Sent late by the outbox, but made during the game: accepted.
    const late = await answer(t, p, {}, endAt - 1_000);
    expect(late.responseId).toBeTruthy();
    const response = { ...p.who, game: p.game, _clientId: kept.responseId, _respondedAt: early.promptedAt };
    expect((await ok<delphi.LogAck>(delphiCall(t, delphi.logResponse, response))).duplicate).toBe(true);
    const after = await delphiCall(t, delphi.logResponse, { ...response, _clientId: cid(), _respondedAt: endAt + 1 });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ Error: delphi.DELPHI_ERRORS.gameEnded });
    const round = await delphiCall(t, delphi.startRound, { ...p.who, game: p.game, round: 'SZ_9', _clientId: cid(), timestamp: endAt + 5 });
    expect(round.statusCode).toBe(409);
    expect(await countRows(t, 'delphi_responses')).toBeGreaterThanOrEqual(2);
  });

  it('scores per block and per category from the stored responses', async () => {
    const quiz = await startPlaying(t, 'R-scores', 'QuizTime');
    await answer(t, quiz, { category: 'Social Science', isCorrect: true });
    await answer(t, quiz, { category: 'Social Science', isCorrect: false });
    await answer(t, quiz, { category: 'Humanities', isCorrect: true });
    await answer(t, quiz, { category: 'Humanities', isCorrect: null });
    const noRound = { ...quiz.who, game: quiz.game, _clientId: cid(), _respondedAt: Date.now(), isCorrect: true };
    await ok(delphiCall(t, delphi.logResponse, noRound));
    const scores = await ok<{ games: delphi.GameScores[] }>(delphiCall(t, delphi.getGameScores, quiz.who));
    expect(scores.games).toEqual([
      {
        gameName: 'QuizTime',
        gameId: quiz.game,
        ended: false,
        blocks: { SZ_1: { correctResponses: 2, totalResponses: 3 }, '': { correctResponses: 1, totalResponses: 1 } },
        categories: { 'Social Science': { correctAnswers: 1, totalAnswers: 2 }, Humanities: { correctAnswers: 1, totalAnswers: 1 } },
      },
    ]);
    const other = await startPlaying(t, 'R-scores-other');
    const cross = await delphiCall(t, delphi.getGameScores, { participant: 'R-scores-other', suite: quiz.suite });
    expect(cross.json()).toEqual({ Error: delphi.DELPHI_ERRORS.unknownSuite });
    expect((await ok<{ games: delphi.GameScores[] }>(delphiCall(t, delphi.getGameScores, other.who))).games[0]?.blocks).toEqual({});
  });
});

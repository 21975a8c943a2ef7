/**
 * A game's start, its end and its rounds' starts and ends are checked against the game's
 * declaration like prompts and responses (ADR 068): a declared record whose attributes do not
 * fit is a 400 that names the attribute, and nothing is stored; an unmarked record (an older
 * version of a game, queued in an outbox) is stored as given; a retry of a stored record is
 * acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { delphi } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { cid, countRows, delphiCall, initSuite, ok } from './delphi-kit';

const AT = 1_700_000_000_000;

async function refusal(response: Promise<LightMyRequestResponse>): Promise<string> {
  const r = await response;
  expect(r.statusCode, r.body).toBe(400);
  return r.json<{ Error: { message: string } }>().Error.message;
}

describe.each(TEST_DIALECTS)("delphi starts, ends and rounds checked against the game's declaration (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function suiteOf(participant: string) {
    const suite = (await initSuite(t, participant))._id;
    return { participant, suite };
  }
  const start = (who: { participant: string; suite: string }, gameName: delphi.GameName, attributes: Record<string, unknown>, _clientId = cid()) =>
    delphiCall(t, delphi.startGame, { ...who, gameName, _startedAt: AT, timestamp: AT, _clientId, _declared: true, attributes });

  it('stores a declared start, round start, round end and end as the game declares them', async () => {
    const who = await suiteOf('G-fit');
    const game = (await ok<delphi.LogAck>(start(who, 'WordLinks', { levels: 2 })))._id;
    const round = { ...who, game, round: 'L1_1', _declared: true };
    await ok(delphiCall(t, delphi.startRound, { ...round, _clientId: cid(), timestamp: AT + 1, attributes: { level: 1, practice: false, startWord: 'Train' } }));
    const roundEnd = {
      level: 1, practice: false, startWord: 'Train', words: ['cloud'], lemmas: ['train', 'cloud'], matrix: [[0, 81], [81, 0]], wordScores: [81], roundScore: 81, datScore: 0,
    };
    await ok(delphiCall(t, delphi.endRound, { ...round, _clientId: cid(), timestamp: AT + 2, attributes: roundEnd }));
    await ok(delphiCall(t, delphi.endGame, { ...who, timestamp: AT + 3, _clientId: cid(), _declared: true, attributes: { level1: 81, level2: 0, global: 41 } }, { id: game }));

    const db = t.database.db;
    const g = await db.selectFrom('delphi_games').select(['attributes', 'end_attributes', 'status']).where('id', '=', game).executeTakeFirstOrThrow();
    expect({ start: JSON.parse(g.attributes), end: JSON.parse(g.end_attributes ?? 'null'), status: g.status }).toEqual({
      start: { levels: 2 }, end: { level1: 81, level2: 0, global: 41 }, status: 'completed',
    });
    const r = await db.selectFrom('delphi_rounds').select(['attributes', 'end_attributes']).where('game_id', '=', game).executeTakeFirstOrThrow();
    expect(JSON.parse(r.attributes)).toEqual({ level: 1, practice: false, startWord: 'Train' });
    expect(JSON.parse(r.end_attributes ?? 'null')).toEqual(roundEnd);

    // Every game's own start (their configurations, as each game logs them today).
    const other = await suiteOf('G-fit-2');
    const levels = [{ id: 'Practice', colors: 2, flashes: 3, trials: 3, seed: 1500 }];
    await ok(start(other, 'ColorCatch', { levels }));
    await ok(start(other, 'MimeMix', { practiceSeed: 1611, mainSeed: 1612, practiceTrials: 12, mainTrials: 84, responseLimitMs: 6000 }));
    await ok(start(other, 'FlashMatch', { blocks: ['SZ_1', 'SZ_2', 'VS_1', 'VS_2'] }));
    await ok(start(other, 'QuizTime', { questions: 30, optionSeed: 4_294_967_295 }));
    await ok(start(other, 'MorningMemo', { version: 1 }));
  });

  it('answers 400 naming the attribute for a game start that does not fit, and stores no game', async () => {
    const who = await suiteOf('G-start');
    const before = await countRows(t, 'delphi_games');
    expect(await refusal(start(who, 'QuizTime', { questions: 30, optonSeed: 7 }))).toBe(
      'attributes.optionSeed: Invalid input: expected number, received undefined; attributes.optonSeed: not declared (as QuizTime declares its game starts)',
    );
    expect(await refusal(start(who, 'FlashMatch', { blocks: ['SZ_3'] }))).toBe(
      'attributes.blocks.0: Invalid option: expected one of "SZ_1"|"SZ_2"|"VS_1"|"VS_2" (as FlashMatch declares its game starts)',
    );
    expect(await countRows(t, 'delphi_games')).toBe(before);
    // Not played, so the game can still start with what the game declares.
    await ok(start(who, 'QuizTime', { questions: 30, optionSeed: 7 }));
  });

  it('answers 400 for a round start or end that does not fit, and stores no round and no end', async () => {
    const who = await suiteOf('G-round');
    const game = (await ok<delphi.LogAck>(start(who, 'FlashMatch', { blocks: ['SZ_1'] })))._id;
    const round = { ...who, game, round: 'SZ_1', _declared: true };
    const rounds = await countRows(t, 'delphi_rounds');
    expect(await refusal(delphiCall(t, delphi.startRound, { ...round, _clientId: cid(), timestamp: AT + 1, attributes: { task: 'memory', seed: 11 } }))).toBe(
      'attributes.task: Invalid option: expected one of "search"|"comparison" (as FlashMatch declares its round starts)',
    );
    expect(await countRows(t, 'delphi_rounds')).toBe(rounds);
    await ok(delphiCall(t, delphi.startRound, { ...round, _clientId: cid(), timestamp: AT + 1, attributes: { task: 'search', seed: 11 } }));
    expect(await refusal(delphiCall(t, delphi.endRound, { ...round, _clientId: cid(), timestamp: AT + 2, attributes: { response: 42 } }))).toBe(
      'attributes.responses: Invalid input: expected number, received undefined; attributes.response: not declared (as FlashMatch declares its round ends)',
    );
    const stored = await t.database.db.selectFrom('delphi_rounds').select(['ended_at', 'end_attributes']).where('game_id', '=', game).executeTakeFirstOrThrow();
    expect(stored).toEqual({ ended_at: null, end_attributes: null });
    // Quiz Time's rounds declare no attributes.
    const quizGame = (await ok<delphi.LogAck>(start(who, 'QuizTime', { questions: 30, optionSeed: 1 })))._id;
    expect(await refusal(delphiCall(t, delphi.startRound, { ...who, game: quizGame, round: 'Humanities', _clientId: cid(), timestamp: AT + 1, _declared: true, attributes: { seed: 1 } }))).toBe(
      'attributes.seed: not declared (as QuizTime declares its round starts)',
    );
  });

  it('answers 400 for a completed or interrupted end that does not fit, and leaves the game running', async () => {
    const who = await suiteOf('G-end');
    const game = (await ok<delphi.LogAck>(start(who, 'MorningMemo', { version: 1 })))._id;
    const end = (reason: delphi.EndReason, attributes: Record<string, unknown>) =>
      delphiCall(t, delphi.endGame, { ...who, timestamp: AT + 5, reason, _clientId: cid(), _declared: true, attributes }, { id: game });
    expect(await refusal(end('completed', { pleasure: 5, arousal: 5, microphone: 'broken' }))).toBe(
      'attributes.microphone: Invalid input: expected "none" (as MorningMemo declares its completed game ends)',
    );
    // An interrupted end carries the suite's attributes, the same for every game.
    expect(await refusal(end('interrupted', { pleasure: 5, arousal: 5 }))).toBe(
      'attributes.via: Invalid option: expected one of "unload"|"link"|"navigation"|"reload"; attributes.pleasure, attributes.arousal: not declared (as MorningMemo declares its interrupted game ends)',
    );
    const running = await t.database.db.selectFrom('delphi_games').select(['ended_at', 'status']).where('id', '=', game).executeTakeFirstOrThrow();
    expect(running.ended_at).toBeNull();
    await ok(end('interrupted', { via: 'link', round: 'background', questionIndex: 0, answers: 1 }));
    const ended = await t.database.db.selectFrom('delphi_games').select(['status', 'end_attributes']).where('id', '=', game).executeTakeFirstOrThrow();
    expect({ status: ended.status, end: JSON.parse(ended.end_attributes ?? 'null') }).toEqual({
      status: 'interrupted', end: { via: 'link', round: 'background', questionIndex: 0, answers: 1 },
    });
    // A second end of an ended game changes nothing and is acknowledged, fitting or not.
    expect(await ok(end('completed', { pleasure: 'high' }))).toEqual({ _id: game, duplicate: true });
  });

  it('stores unmarked starts, ends and rounds as given, and acknowledges a marked retry of a stored one', async () => {
    const who = await suiteOf('G-legacy');
    const startId = cid();
    const legacyStart = { ...who, gameName: 'FlashMatch', _startedAt: AT, timestamp: AT, _clientId: startId, attributes: { blocks: 4 } };
    const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, legacyStart)))._id;
    // Resent, now marked (the client updated between two sends): the duplicate it is.
    expect(await ok(delphiCall(t, delphi.startGame, { ...legacyStart, _declared: true }))).toEqual({ _id: game, duplicate: true });
    const roundStart = { ...who, game, round: 'SZ_1', _clientId: cid(), timestamp: AT + 1, attributes: { task: 'search', seed: '11' } };
    const round = (await ok<delphi.LogAck>(delphiCall(t, delphi.startRound, roundStart)))._id;
    expect(await ok(delphiCall(t, delphi.startRound, { ...roundStart, _declared: true }))).toEqual({ _id: round, duplicate: true });
    await ok(delphiCall(t, delphi.endRound, { ...who, game, round: 'SZ_1', _clientId: cid(), timestamp: AT + 2, attributes: { score: 3 } }));
    await ok(delphiCall(t, delphi.endGame, { ...who, timestamp: AT + 3, _clientId: cid(), attributes: { anything: true } }, { id: game }));
    const g = await t.database.db.selectFrom('delphi_games').select(['attributes', 'end_attributes']).where('id', '=', game).executeTakeFirstOrThrow();
    expect({ start: JSON.parse(g.attributes), end: JSON.parse(g.end_attributes ?? 'null') }).toEqual({ start: { blocks: 4 }, end: { anything: true } });
    const r = await t.database.db.selectFrom('delphi_rounds').select('end_attributes').where('id', '=', round).executeTakeFirstOrThrow();
    expect(JSON.parse(r.end_attributes ?? 'null')).toEqual({ score: 3 });
  });
});

/** Games and rounds: one play per game, idempotent retries, and credentials. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, delphi, errorBody } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { cid, countRows, delphiCall, initSuite, ok, startPlaying } from './delphi-kit';

describe.each(TEST_DIALECTS)('delphi games and rounds (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const start = (who: { participant: string; suite: string }, fields: Record<string, unknown>) =>
    delphiCall(t, delphi.startGame, { ...who, _startedAt: 1_700_000_000_000.25, timestamp: 1_700_000_000_001, _clientId: cid(), ...fields });

  it('answers the spec game messages for a missing or unknown game name', async () => {
    const suite = (await initSuite(t, 'G-names'))._id;
    const who = { participant: 'G-names', suite };
    expect((await start(who, {})).json()).toEqual(errorBody(ERRORS.blockIdRequired));
    expect((await start(who, { gameName: '' })).json()).toEqual(errorBody(ERRORS.blockIdRequired));
    const unknown = await start(who, { gameName: 'Tetris' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(errorBody(ERRORS.unknownGame));
    expect((await start(who, { gameName: 'QuizTime', _startedAt: 'now' })).json().Error.message).toBe('_startedAt: must be milliseconds since the epoch');
    expect((await start(who, { gameName: 'QuizTime', _clientId: 'has space' })).json().Error.message).toBe('_clientId: must be 1-128 letters, digits, _ or -');
  });

  it('starts each game once: a second start is 409, the same _clientId retrying gets the same id', async () => {
    const suite = (await initSuite(t, 'G-once'))._id;
    const who = { participant: 'G-once', suite };
    const clientId = cid();
    const first = await ok<delphi.LogAck>(start(who, { gameName: 'QuizTime', _clientId: clientId }));
    expect(first).toEqual({ _id: expect.any(String), duplicate: false });
    expect(await ok(start(who, { gameName: 'QuizTime', _clientId: clientId }))).toEqual({ _id: first._id, duplicate: true });
    const again = await start(who, { gameName: 'QuizTime' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ Error: { name: 'Game Error', message: 'This game has already been played.', code: 409 } });
    // Every game of the suite is separate.
    expect((await start(who, { gameName: 'FlashMatch' })).statusCode).toBe(200);
    const games = await t.database.db.selectFrom('delphi_games').select(['game_name', 'started_at']).where('suite_id', '=', suite).execute();
    expect(games).toHaveLength(2);
    expect(games.find((g) => g.game_name === 'QuizTime')?.started_at).toBe(1_700_000_000_000.25);
  });

  it('refuses a suite that is not the participant’s own', async () => {
    const a = (await initSuite(t, 'G-a'))._id;
    await initSuite(t, 'G-b');
    const refused = await start({ participant: 'G-b', suite: a }, { gameName: 'QuizTime' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ Error: delphi.DELPHI_ERRORS.unknownSuite });
    expect((await start({ participant: 'G-b', suite: 'no-such-suite' }, { gameName: 'QuizTime' })).statusCode).toBe(400);
    expect((await start({ participant: 'G-a', suite: a }, { gameName: 'QuizTime' })).statusCode).toBe(200);
  });

  it('ends a game once; a repeat is acknowledged; another participant cannot end it', async () => {
    const p = await startPlaying(t, 'G-end');
    const other = await initSuite(t, 'G-end-other');
    const end = (who: { participant: string; suite: string }) =>
      delphiCall(t, delphi.endGame, { ...who, timestamp: Date.now(), _clientId: cid(), attributes: { score: 3 } }, { id: p.game });
    expect((await end({ participant: 'G-end-other', suite: other._id })).json()).toEqual({ Error: delphi.DELPHI_ERRORS.unknownGameId });
    expect((await end({ participant: 'G-end', suite: other._id })).json()).toEqual({ Error: delphi.DELPHI_ERRORS.unknownSuite });
    expect(await ok(end(p.who))).toEqual({ _id: p.game, duplicate: false });
    expect(await ok(end(p.who))).toEqual({ _id: p.game, duplicate: true });
    const suite = await initSuite(t, 'G-end');
    expect(suite.games.find((g) => g.gameName === 'FlashMatch')).toMatchObject({ state: 'played', ended: true });
    const stored = await t.database.db.selectFrom('delphi_games').select('end_attributes').where('id', '=', p.game).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.end_attributes ?? '')).toEqual({ score: 3 });
  });

  it('starts and ends rounds idempotently; a replayed round id is 409', async () => {
    const p = await startPlaying(t, 'G-rounds');
    const clientId = cid();
    const round = { ...p.who, game: p.game, round: 'SZ_2', _clientId: clientId, timestamp: Date.now(), attributes: { digits: 42 } };
    const first = await ok<delphi.LogAck>(delphiCall(t, delphi.startRound, round));
    expect(await ok(delphiCall(t, delphi.startRound, round))).toEqual({ _id: first._id, duplicate: true });
    const replay = await delphiCall(t, delphi.startRound, { ...round, _clientId: cid() });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ Error: delphi.DELPHI_ERRORS.roundAlreadyPlayed });
    const endInput = { ...round, _clientId: cid() };
    expect(await ok(delphiCall(t, delphi.endRound, endInput))).toEqual({ _id: first._id, duplicate: false });
    expect(await ok(delphiCall(t, delphi.endRound, endInput))).toEqual({ _id: first._id, duplicate: true });
    expect((await delphiCall(t, delphi.endRound, { ...endInput, round: 'VS_9' })).json()).toEqual({ Error: delphi.DELPHI_ERRORS.unknownRound });
    const rows = await t.database.db.selectFrom('delphi_rounds').select('round').where('game_id', '=', p.game).execute();
    expect(rows.map((r) => r.round).sort()).toEqual(['SZ_1', 'SZ_2']);
  });

  it('refuses rounds in another participant’s game and rounds with bad input', async () => {
    const a = await startPlaying(t, 'G-ra');
    const b = await startPlaying(t, 'G-rb');
    const before = await countRows(t, 'delphi_rounds');
    const cross = await delphiCall(t, delphi.startRound, { ...b.who, game: a.game, round: 'X', _clientId: cid(), timestamp: Date.now() });
    expect(cross.json()).toEqual({ Error: delphi.DELPHI_ERRORS.unknownGameId });
    const bad = await delphiCall(t, delphi.startRound, { ...a.who, game: a.game, round: '', _clientId: cid(), timestamp: Date.now() });
    expect(bad.json().Error.message).toBe('round: must be 1-100 letters, digits, space, _, . or -');
    const missing = await delphiCall(t, delphi.startRound, { ...a.who, round: 'X', _clientId: cid(), timestamp: Date.now() });
    expect(missing.json().Error.message).toBe('game: A valid id is required');
    expect(await countRows(t, 'delphi_rounds')).toBe(before);
  });
});

/** Suites: one per participant, parent origins, and the test-only reset. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { answer, cid, countRows, delphiCall, initSuite, ok, startPlaying } from './delphi-kit';

const PARENT = 'https://study.example.org';

describe.each(TEST_DIALECTS)('delphi suites (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { STUDY_PARENT_ORIGINS: PARENT } });
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    await createUser(t, { email: 'plain@example.org', password: 'plain password' });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    user = (await logIn(t, 'plain@example.org', 'plain password')).session;
  });
  afterAll(() => t.close());

  it('creates a suite on the first init and returns the same one later', async () => {
    const first = await initSuite(t, 'P-001');
    expect(first).toEqual({
      _id: expect.any(String),
      _participantId: 'P-001',
      _resumableGames: [...delphi.GAME_NAMES],
      games: delphi.GAME_NAMES.map((gameName) => ({ gameName, state: 'toPlay', ended: false, status: null })),
    });
    expect((await initSuite(t, ' P-001 '))._id).toBe(first._id);
    const study = await delphiCall(t, delphi.initStudySuite, { parentOrigin: PARENT, _participantId: 'P-001' });
    expect(study.json().suite._id).toBe(first._id);
  });

  it('refuses a missing or invalid participant id, naming the field', async () => {
    for (const payload of [{}, { _participantId: '' }, { _participantId: '-x' }, { _participantId: 'a b' }, { _participantId: 'x'.repeat(129) }]) {
      const response = await delphiCall(t, delphi.initLocalSuite, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().Error.message).toBe('_participantId: A valid participant id is required');
    }
  });

  it('accepts only the parent origins of STUDY_PARENT_ORIGINS', async () => {
    const allowed = await delphiCall(t, delphi.initStudySuite, { parentOrigin: `${PARENT}/`, _participantId: 'S-1' });
    expect(allowed.statusCode).toBe(200);
    for (const parentOrigin of ['https://evil.example.org', 'not a url', 'http://study.example.org']) {
      const refused = await delphiCall(t, delphi.initStudySuite, { parentOrigin, _participantId: 'S-2' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ Error: delphi.DELPHI_ERRORS.parentOriginNotAllowed });
    }
    expect((await delphiCall(t, delphi.initStudySuite, { _participantId: 'S-2' })).json().Error.message).toBe('parentOrigin: parentOrigin is required');
  });

  it('shows a started game as played and no longer resumable', async () => {
    const p = await startPlaying(t, 'P-played', 'QuizTime');
    const suite = await initSuite(t, 'P-played');
    expect(suite._resumableGames).toEqual(['FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo']);
    expect(suite.games[0]).toEqual({ gameName: 'QuizTime', state: 'played', gameId: p.game, ended: false, status: 'in progress' });
  });

  it('says a skipped optional game is skipped, and a played one is not', async () => {
    const suite = (await initSuite(t, 'P-skip'))._id;
    const who = { participant: 'P-skip', suite };
    const at = Date.now();
    const skip = { ...who, gameName: 'WordLinks', _startedAt: at, timestamp: at, attributes: { skipped: true }, _clientId: cid() };
    const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, skip)))._id;
    await ok(delphiCall(t, delphi.endGame, { ...who, reason: 'completed', timestamp: at + 1, attributes: { skipped: true }, _clientId: cid() }, { id: game }));
    await startPlaying(t, 'P-skip', 'QuizTime');
    const games = (await initSuite(t, 'P-skip')).games;
    expect(games.find((g) => g.gameName === 'WordLinks')).toEqual({ gameName: 'WordLinks', state: 'played', gameId: game, ended: true, status: 'skipped', skipped: true });
    expect(games.find((g) => g.gameName === 'QuizTime')).not.toHaveProperty('skipped');
  });

  it('ignores a reset from an anonymous caller or a plain user', async () => {
    const p = await startPlaying(t, 'P-keep');
    await answer(t, p);
    for (const session of [undefined, user]) {
      const again = await initSuite(t, 'P-keep', { reset: true, ...(session ? { session } : {}) });
      expect(again._id).toBe(p.suite);
      expect(again._resumableGames).not.toContain('FlashMatch');
    }
  });

  it('honours a reset from an administrator: the suite and its records are deleted', async () => {
    const p = await startPlaying(t, 'P-reset');
    await answer(t, p);
    const before = await countRows(t, 'delphi_responses');
    const fresh = await initSuite(t, 'P-reset', { reset: true, session: admin });
    expect(fresh._id).not.toBe(p.suite);
    expect(fresh._resumableGames).toEqual([...delphi.GAME_NAMES]);
    expect(await countRows(t, 'delphi_responses')).toBe(before - 1);
    const study = await delphiCall(t, delphi.initStudySuite, { parentOrigin: PARENT, _participantId: 'P-reset', resetParticipantForTesting: true }, { session: admin });
    expect(study.json().suite._id).not.toBe(fresh._id);
  });
});

describe.each(TEST_DIALECTS)('delphi reset with STUDY_ALLOW_RESET (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { STUDY_ALLOW_RESET: 'true' } });
  });
  afterAll(() => t.close());

  it('honours a reset from anyone', async () => {
    const p = await startPlaying(t, 'P-any');
    const fresh = await initSuite(t, 'P-any', { reset: true });
    expect(fresh._id).not.toBe(p.suite);
    expect(await countRows(t, 'delphi_games')).toBe(0);
    expect((await initSuite(t, 'P-any'))._id).toBe(fresh._id);
  });
});

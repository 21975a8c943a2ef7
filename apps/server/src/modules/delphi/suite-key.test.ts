/**
 * Issue 24: a participant's suite is bound to the browser that started it (ADR 043). A second
 * browser that knows the participant id, and even the suite and game ids, can neither read nor
 * change anything until a researcher releases the suite; the release is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi, errorBody, recordings } from '@chi/contract';
import { createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { answer, cid, countRows, delphiCall, initSuite, ok, startPlaying } from './delphi-kit';
import { fakeWebm, sha256Hex, startMemo } from './recordings/recording-kit';

const OPEN_ELSEWHERE = errorBody(delphi.DELPHI_ERRORS.openElsewhere);

describe.each(TEST_DIALECTS)('delphi suite keys (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    await createUser(t, { email: 'plain@example.org', password: 'plain password' });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    user = (await logIn(t, 'plain@example.org', 'plain password')).session;
  });
  afterAll(() => t.close());

  const stranger = { browser: 'stranger' } as const;

  it('binds the suite to the first browser with an HttpOnly, partitioned cookie and keeps only its hash', async () => {
    const first = await delphiCall(t, delphi.initLocalSuite, { _participantId: 'K-1' });
    const suite = first.json().suite as delphi.Suite;
    const cookie = first.cookies.find((c) => c.name === `chi_dk_${suite._id}`);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None', partitioned: true, path: '/api/' });
    const row = await t.database.db.selectFrom('delphi_suites').select('key_hash').where('id', '=', suite._id).executeTakeFirstOrThrow();
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.key_hash).not.toContain(cookie?.value ?? '');
    // The same browser comes back (a reload, a second tab): same suite, no new key.
    const again = await delphiCall(t, delphi.initLocalSuite, { _participantId: 'K-1' });
    expect(again.json().suite._id).toBe(suite._id);
    expect(again.cookies.filter((c) => c.name.startsWith('chi_dk_'))).toEqual([]);
  });

  it('tells a second browser with the same participant id that the study is open on another device', async () => {
    await initSuite(t, 'K-2');
    for (const init of [delphi.initLocalSuite] as const) {
      const refused = await delphiCall(t, init, { _participantId: 'K-2' }, stranger);
      expect(refused.statusCode).toBe(423);
      expect(refused.json()).toEqual(OPEN_ELSEWHERE);
      expect(refused.cookies).toEqual([]);
    }
  });

  it('a second browser that knows every id can neither read scores nor log, start, end or record', async () => {
    const p = await startPlaying(t, 'K-3', 'QuizTime');
    await answer(t, p);
    const before = { responses: await countRows(t, 'delphi_responses'), games: await countRows(t, 'delphi_games') };
    const at = Date.now();
    const attempts = [
      delphiCall(t, delphi.getGameScores, p.who, stranger),
      delphiCall(t, delphi.startGame, { ...p.who, gameName: 'FlashMatch', _startedAt: at, timestamp: at, _clientId: cid() }, stranger),
      delphiCall(t, delphi.startRound, { ...p.who, game: p.game, round: 'SZ_2', _clientId: cid(), timestamp: at }, stranger),
      delphiCall(t, delphi.logPrompt, { ...p.who, game: p.game, round: p.round, _clientId: cid(), prompt: 'x', _promptedAt: at }, stranger),
      delphiCall(t, delphi.logResponse, { ...p.who, game: p.game, round: p.round, _clientId: cid(), response: 'x', _respondedAt: at }, stranger),
      delphiCall(t, delphi.endRound, { ...p.who, game: p.game, round: p.round, _clientId: cid(), timestamp: at }, stranger),
      delphiCall(t, delphi.endGame, { ...p.who, timestamp: at, _clientId: cid() }, { ...stranger, id: p.game }),
      delphiCall(t, delphi.logEvent, { ...p.who, kind: 'hidden', _clientId: cid(), at }, stranger),
      delphiCall(t, recordings.uploadPart, {
        ...p.who, recording: cid(), gameRef: 'memo', kind: 'talk', mimeType: 'audio/webm', part: 0, offset: 0, data: fakeWebm(100).toString('base64'), sha256: sha256Hex(fakeWebm(100)),
      }, stranger),
      delphiCall(t, recordings.completeRecording, { ...p.who, recording: cid(), parts: 1, bytes: 100, sha256: sha256Hex(fakeWebm(100)), durationMs: 1 }, stranger),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(423);
      expect(response.json()).toEqual(OPEN_ELSEWHERE);
    }
    expect({ responses: await countRows(t, 'delphi_responses'), games: await countRows(t, 'delphi_games') }).toEqual(before);
    const game = await t.database.db.selectFrom('delphi_games').select('ended_at').where('id', '=', p.game).executeTakeFirstOrThrow();
    expect(game.ended_at).toBeNull();
    // The participant's own browser goes on as before.
    expect((await delphiCall(t, delphi.getGameScores, p.who)).statusCode).toBe(200);
  });

  it('a researcher releases the suite: logged with who and when; the next browser takes it over, the old one is out', async () => {
    const p = await startPlaying(t, 'K-4', 'QuizTime');
    // A logged-in account outside the suite's study's team: the study is not theirs to see (ADR 074).
    const refused = await delphiCall(t, delphi.releaseSuite, { suite: p.suite }, { ...stranger, session: user });
    expect(refused.statusCode).toBe(404);
    expect((await delphiCall(t, delphi.releaseSuite, { suite: p.suite }, stranger)).statusCode).toBe(401);
    expect(await delphiCall(t, delphi.initLocalSuite, { _participantId: 'K-4' }, stranger).then((r) => r.statusCode)).toBe(423);

    const released = await ok<{ release: delphi.SuiteRelease }>(delphiCall(t, delphi.releaseSuite, { suite: p.suite }, { ...stranger, session: admin }));
    expect(released.release).toEqual({ suiteId: p.suite, participantId: 'K-4', by: 'Ada Admin', at: expect.any(String) });
    const log = await t.database.db.selectFrom('delphi_suite_releases').selectAll().where('suite_id', '=', p.suite).execute();
    expect(log).toEqual([expect.objectContaining({ by_name: 'Ada Admin', at: released.release.at, by_account_id: expect.any(String) })]);

    // The new device opens the link: it gets the suite (with the game played) and a key of its own.
    const taken = await delphiCall(t, delphi.initLocalSuite, { _participantId: 'K-4' }, stranger);
    expect(taken.statusCode).toBe(200);
    expect((taken.json().suite as delphi.Suite).games.find((g) => g.gameName === 'QuizTime')?.state).toBe('played');
    const key = taken.cookies.find((c) => c.name === `chi_dk_${p.suite}`);
    expect(key?.value).toEqual(expect.any(String));
    const newDevice = { headers: { cookie: `chi_dk_${p.suite}=${key?.value ?? ''}` }, ...stranger };
    expect((await delphiCall(t, delphi.getGameScores, p.who, newDevice)).statusCode).toBe(200);
    // The first browser is now the other device.
    expect((await delphiCall(t, delphi.getGameScores, p.who)).json()).toEqual(OPEN_ELSEWHERE);
    expect((await delphiCall(t, delphi.releaseSuite, { suite: 'no-such-suite' }, { ...stranger, session: admin })).statusCode).toBe(400);
  });

  it('lets the browser whose init answer was lost back in with its own key, and nobody else (ADR 043 amended)', async () => {
    const key = 'k'.repeat(43);
    // The server binds the suite to the browser's key, but the answer (and its cookie) never arrives.
    const lost = await delphiCall(t, delphi.initLocalSuite, { _participantId: 'K-lost', browserKey: key }, stranger);
    expect(lost.statusCode).toBe(200);
    const suite = (lost.json() as { suite: delphi.Suite }).suite;
    // Another browser, with another key or none, is still the other device.
    for (const other of [{ browserKey: 'o'.repeat(43) }, {}]) {
      const refused = await delphiCall(t, delphi.initLocalSuite, { _participantId: 'K-lost', ...other }, stranger);
      expect(refused.statusCode).toBe(423);
      expect(refused.cookies).toEqual([]);
    }
    // The retry brings the same key: same suite, and the cookie this time.
    const retry = await delphiCall(t, delphi.initLocalSuite, { _participantId: 'K-lost', browserKey: key }, stranger);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().suite._id).toBe(suite._id);
    const cookie = retry.cookies.find((c) => c.name === `chi_dk_${suite._id}`);
    expect(cookie?.value).toBe(key);
    const scores = await delphiCall(t, delphi.getGameScores, { participant: 'K-lost', suite: suite._id }, { ...stranger, headers: { cookie: `chi_dk_${suite._id}=${key}` } });
    expect(scores.statusCode).toBe(200);
    // A key too short to be a secret is a 400, before anything is bound.
    const weak = await delphiCall(t, delphi.initLocalSuite, { _participantId: 'K-weak', browserKey: 'short' }, stranger);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().Error.message).toBe('browserKey: 43–128 base64url characters (32 random bytes or more)');
  });

  it('refuses with a clear 400 what names no suite, before asking for a key', async () => {
    const response = await delphiCall(t, delphi.getGameScores, { participant: 'K-none', suite: 'nothing' }, stranger);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(delphi.DELPHI_ERRORS.unknownSuite));
  });

  it('a recording from the own browser still needs the suite’s running Morning Memo', async () => {
    const who = { participant: 'K-5', suite: (await initSuite(t, 'K-5'))._id };
    const data = fakeWebm(100);
    const part = { ...who, recording: cid(), gameRef: 'memo-k5', kind: 'talk', mimeType: 'audio/webm', part: 0, offset: 0, data: data.toString('base64'), sha256: sha256Hex(data) };
    const early = await delphiCall(t, recordings.uploadPart, part);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(errorBody(recordings.RECORDING_ERRORS.noGame));
    await startMemo(t, who, 'memo-k5');
    expect((await delphiCall(t, recordings.uploadPart, part)).statusCode).toBe(200);
  });
});

/** Session events through the real routes on both dialects (ADR 026): records, joining to trials, export columns, flags, funnel, timeline. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, delphi, errorBody } from '@chi/contract';
import { createUser, logIn } from '../../../test/account-kit';
import { parseCsv } from '../../../test/csv';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { answer, cid, delphiCall, initSuite, ok, startPlaying } from '../delphi-kit';
import type { Playing } from '../delphi-kit';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const context = {
  appVersion: 'abc1234', screenWidth: 1280, screenHeight: 800, devicePixelRatio: 2, timeZone: 'Europe/Copenhagen', language: 'da-DK',
  inputType: 'keyboard', refreshHz: 60, frameIntervalMs: 16.667, frameJitterMs: 0.4, frames: 120,
};

describe.each(TEST_DIALECTS)('delphi session events (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    await createUser(t, { email: 'plain@example.org', password: 'plain password' });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    user = (await logIn(t, 'plain@example.org', 'plain password')).session;
  });
  afterAll(() => t.close());

  const event = (p: Pick<Playing, 'who'>, fields: Record<string, unknown>) => delphiCall(t, delphi.logEvent, { ...p.who, _clientId: cid(), ...fields });
  const rows = (suite: string) => t.database.db.selectFrom('delphi_events').selectAll().where('suite_id', '=', suite).orderBy('seq').execute();

  it('stores a session context once, with the browser and OS parsed on the server from the user agent', async () => {
    const p = await startPlaying(t, 'E-context');
    const payload = { ...p.who, kind: 'sessionContext', _clientId: cid(), at: Date.now(), context };
    const first = await ok<delphi.LogAck>(delphiCall(t, delphi.logEvent, payload, { headers: { 'user-agent': CHROME_WINDOWS } }));
    expect(first.duplicate).toBe(false);
    expect(await ok(delphiCall(t, delphi.logEvent, payload, { headers: { 'user-agent': CHROME_WINDOWS } }))).toEqual({ _id: first._id, duplicate: true });
    const stored = await rows(p.suite);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'sessionContext', participant_id: 'E-context', game_id: null });
    expect(JSON.parse(stored[0]?.detail ?? '{}')).toMatchObject({
      ...context, browser: 'Chrome', browserVersion: '120.0.0.0', os: 'Windows', osVersion: '10', device: 'desktop', userAgent: CHROME_WINDOWS,
    });
  });

  it('answers 400 naming the field for bad events, and never writes into another participant’s suite or game', async () => {
    const p = await startPlaying(t, 'E-bad');
    const other = await startPlaying(t, 'E-other');
    const at = Date.now();
    const refused: [Record<string, unknown>, string][] = [
      [{ kind: 'nap', at }, `kind: kind must be one of ${delphi.EVENT_KINDS.join(', ')}`],
      [{ kind: 'step', at, gameName: 'FlashMatch', step: 6, steps: 6 }, 'step: a step event needs gameName, step and steps (step below steps)'],
      [{ kind: 'step', at, step: 1, steps: 6 }, 'step: a step event needs gameName, step and steps (step below steps)'],
      [{ kind: 'sessionContext', at }, 'context: a sessionContext event needs context'],
      [{ kind: 'sessionContext', at, context: { ...context, inputType: 'voice' } }, 'context.inputType: context.inputType must be touch, mouse or keyboard'],
      [{ kind: 'visible', at, durationMs: -1 }, 'durationMs: durationMs must be 0 or more milliseconds'],
      [{ kind: 'hidden' }, 'at: must be milliseconds since the epoch'],
    ];
    for (const [fields, message] of refused) {
      const response = await event(p, fields);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().Error.message).toBe(message);
    }
    const wrongSuite = await delphiCall(t, delphi.logEvent, { participant: 'E-bad', suite: other.suite, kind: 'hidden', at, _clientId: cid() });
    expect(wrongSuite.json()).toEqual(errorBody(delphi.DELPHI_ERRORS.unknownSuite));
    const wrongGame = await event(p, { kind: 'hidden', at, game: other.game });
    expect(wrongGame.json()).toEqual(errorBody(delphi.DELPHI_ERRORS.unknownGameId));
    expect(await rows(p.suite)).toHaveLength(0);
  });

  it('keeps the funnel and timeline for the study team (a non-member: no such study)', async () => {
    const p = await initSuite(t, 'E-perm');
    for (const [descriptor, payload] of [[delphi.getFunnel, {}], [delphi.getTimeline, { suite: p._id }]] as const) {
      expect((await delphiCall(t, descriptor, payload)).json()).toEqual(errorBody(ERRORS.unauthorized));
      expect((await delphiCall(t, descriptor, payload, { session: user })).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
    }
    const bad = await delphiCall(t, delphi.getFunnel, { abandonMinutes: 0 }, { session: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toBe('abandonMinutes: abandonMinutes must be a whole number of minutes from 1 to 10080');
  });

  it('joins attention events to the trials they fell in: export columns, the flag with its numbers, the timeline', async () => {
    const p = await startPlaying(t, 'E-tabs');
    const at = 1_700_000_100_000;
    // Trial 1 [at, at+420.5]: hidden at +100 for 250 ms, then blur at +380 (refocused after the response).
    const first = await answer(t, p, {}, at);
    await ok(event(p, { kind: 'hidden', game: p.game, at: at + 100 }));
    await ok(event(p, { kind: 'blur', game: p.game, at: at + 101 }));
    await ok(event(p, { kind: 'visible', game: p.game, at: at + 350, durationMs: 250 }));
    await ok(event(p, { kind: 'focus', game: p.game, at: at + 351, durationMs: 250 }));
    // Trial 2 [at+1000, at+1420.5]: the page was hidden from before its onset until +1200: 200 ms in the trial, no leave event in it.
    await ok(event(p, { kind: 'hidden', at: at + 900 }));
    await answer(t, p, {}, at + 1000);
    await ok(event(p, { kind: 'visible', at: at + 1200, durationMs: 300 }));
    // Trial 3: nothing; and an event between trials that belongs to none.
    await answer(t, p, {}, at + 2000);
    await ok(event(p, { kind: 'fullscreenExit', at: at + 2900 }));
    // A suite without any event in the same export, its trial at the very same times: 0 and 0
    // (the export probes the events only for suites that have some, ADR 070).
    const calm = await startPlaying(t, 'E-calm');
    await answer(t, calm, {}, at);

    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format: 'csv' }, { session: admin }));
    await t.app.delphiExports?.idle();
    const done = (await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }))).files.find((f) => f._id === file._id);
    const csv = await t.app.inject({ method: 'GET', url: done?.downloadUrl ?? '', headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } });
    const [header, ...lines] = parseCsv(csv.body);
    const col = (name: delphi.ExportColumn) => header?.indexOf(name) ?? -1;
    const mine = lines.filter((row) => row[col('participantId')] === 'E-tabs');
    expect(mine.map((row) => [row[col('attentionEvents')], row[col('hiddenMs')]])).toEqual([['2', '250'], ['0', '200'], ['0', '0']]);
    const calmRows = lines.filter((row) => row[col('participantId')] === 'E-calm');
    expect(calmRows.map((row) => [row[col('attentionEvents')], row[col('hiddenMs')]])).toEqual([['0', '0']]);

    const listed = await ok<{ participants: delphi.ParticipantRecord[] }>(delphiCall(t, delphi.listParticipants, { filter: 'E-tabs' }, { session: admin }));
    const flags = listed.participants[0]?.flags ?? [];
    expect(flags.filter((f) => f.kind === 'attention')).toEqual([{ kind: 'attention', gameName: 'FlashMatch', values: { trials: 2, total: 3, events: 2, hiddenMs: 450 } }]);

    const timeline = await ok<{ entries: delphi.TimelineEntry[]; lastSeen: string }>(delphiCall(t, delphi.getTimeline, { suite: p.suite }, { session: admin }));
    const hidden = timeline.entries.filter((e) => e.kind === 'hidden');
    expect(hidden.map((e) => [e.round, e.promptId])).toEqual([['SZ_1', first.promptId], [null, null]]);
    expect(timeline.entries.find((e) => e.kind === 'fullscreenExit')).toMatchObject({ round: null, promptId: null, gameName: null });
    // Last seen is the latest activity: here the game's start (now), later than the crafted trials.
    expect(timeline.lastSeen).toBe(timeline.entries.find((e) => e.kind === 'gameStarted')?.at);
  });

  it('counts the browser\'s Back pressed mid-trial as attention events of that trial (issue 25)', async () => {
    const p = await startPlaying(t, 'E-back');
    const at = 1_700_000_300_000;
    await answer(t, p, {}, at);
    // Back twice while the second item was on screen: the one-way screens kept the game there.
    await ok(event(p, { kind: 'back', game: p.game, gameName: 'FlashMatch', at: at + 1100 }));
    await ok(event(p, { kind: 'back', game: p.game, gameName: 'FlashMatch', at: at + 1300 }));
    await answer(t, p, {}, at + 1000);
    const listed = await ok<{ participants: delphi.ParticipantRecord[] }>(delphiCall(t, delphi.listParticipants, { filter: 'E-back' }, { session: admin }));
    expect(listed.participants[0]?.flags.filter((f) => f.kind === 'attention')).toEqual([
      { kind: 'attention', gameName: 'FlashMatch', values: { trials: 1, total: 2, events: 2, hiddenMs: 0 } },
    ]);
    const timeline = await ok<{ entries: delphi.TimelineEntry[] }>(delphiCall(t, delphi.getTimeline, { suite: p.suite }, { session: admin }));
    expect(timeline.entries.filter((e) => e.kind === 'back').map((e) => [e.round, e.gameName])).toEqual([['SZ_1', 'FlashMatch'], ['SZ_1', 'FlashMatch']]);
  });

  it('flags high frame jitter and a refresh rate from the session context where the game measured none', async () => {
    const p = await startPlaying(t, 'E-jitter');
    await ok(event(p, { kind: 'sessionContext', at: Date.now() - 60_000, context: { ...context, refreshHz: 30, frameIntervalMs: 33.3, frameJitterMs: 9.5 } }));
    for (let i = 0; i < 3; i++) await answer(t, p, {}, 1_700_000_200_000 + i * 1000);
    const listed = await ok<{ participants: delphi.ParticipantRecord[] }>(delphiCall(t, delphi.listParticipants, { filter: 'E-jitter' }, { session: admin }));
    const flags = listed.participants[0]?.flags ?? [];
    expect(flags.find((f) => f.kind === 'frameJitter')).toEqual({ kind: 'frameJitter', gameName: 'FlashMatch', values: { jitterMs: 9.5, maxMs: 4 } });
    expect(flags.find((f) => f.kind === 'refreshRate')).toMatchObject({ values: { hz: 30, frameIntervalMs: 33.3 } });
  });
});

describe.each(TEST_DIALECTS)('delphi funnel (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
  });
  afterAll(() => t.close());

  const step = (who: { participant: string; suite: string }, gameName: string, index: number, at: number, game?: string) =>
    ok(delphiCall(t, delphi.logEvent, { ...who, _clientId: cid(), kind: 'step', gameName, step: index, steps: 4, stepName: `Step ${index}`, at, ...(game ? { game } : {}) }));

  it('counts who reached each step, finished, was interrupted, abandoned or is active', async () => {
    const now = Date.now();
    const hourAgo = now - 3_600_000;
    const start = async (participant: string, when: number) => {
      const suite = (await initSuite(t, participant))._id;
      const who = { participant, suite };
      const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...who, gameName: 'FlashMatch', _startedAt: when, timestamp: when, _clientId: cid() })))._id;
      return { who, game };
    };
    // Finished: all four steps.
    const done = await start('F-done', hourAgo);
    for (let s = 0; s < 4; s++) await step(done.who, 'FlashMatch', s, hourAgo + s * 1000, done.game);
    await ok(delphiCall(t, delphi.endGame, { ...done.who, timestamp: hourAgo + 5000, reason: 'completed', _clientId: cid() }, { id: done.game }));
    // Reloaded in step 2.
    const reloaded = await start('F-reloaded', hourAgo);
    for (let s = 0; s < 3; s++) await step(reloaded.who, 'FlashMatch', s, hourAgo + s * 1000, reloaded.game);
    await ok(delphiCall(t, delphi.endGame, { ...reloaded.who, timestamp: hourAgo + 4000, reason: 'interrupted', _clientId: cid() }, { id: reloaded.game }));
    // Left in step 1 an hour ago: abandoned after 30 minutes, still active with a 2-hour limit.
    const gone = await start('F-gone', hourAgo);
    for (let s = 0; s < 2; s++) await step(gone.who, 'FlashMatch', s, hourAgo + s * 1000, gone.game);
    // Started an hour ago but answering now: active.
    const slow = await start('F-slow', hourAgo);
    await step(slow.who, 'FlashMatch', 0, hourAgo, slow.game);
    await step(slow.who, 'FlashMatch', 1, hourAgo + 1000, slow.game);
    await answer(t, { ...slow.who, participant: slow.who.participant, suite: slow.who.suite, game: slow.game, round: 'SZ_1', who: slow.who }, {}, now - 1000);
    // Saw the welcome step only, never started.
    const suite = (await initSuite(t, 'F-welcome'))._id;
    await step({ participant: 'F-welcome', suite }, 'FlashMatch', 0, now);

    const funnel = await ok<{ participants: number; games: delphi.FunnelGame[] }>(delphiCall(t, delphi.getFunnel, {}, { session: admin }));
    expect(funnel.participants).toBe(5);
    const flash = funnel.games.find((g) => g.gameName === 'FlashMatch');
    expect(flash).toEqual({
      gameName: 'FlashMatch', started: 4, finished: 1, interrupted: 1, skipped: 0, abandoned: 1, active: 1,
      // Here now: the welcome-only and the two in progress; not the finished or the reloaded one, whose games ended (issue 25).
      steps: [
        { step: 0, name: 'Step 0', reached: 5, current: 1 },
        { step: 1, name: 'Step 1', reached: 4, current: 2 },
        { step: 2, name: 'Step 2', reached: 2, current: 0 },
        { step: 3, name: 'Step 3', reached: 1, current: 0 },
      ],
    });
    expect(funnel.games.find((g) => g.gameName === 'QuizTime')).toEqual({ gameName: 'QuizTime', started: 0, finished: 0, interrupted: 0, skipped: 0, abandoned: 0, active: 0, steps: [] });
    const patient = await ok<{ games: delphi.FunnelGame[] }>(delphiCall(t, delphi.getFunnel, { abandonMinutes: 120 }, { session: admin }));
    expect(patient.games.find((g) => g.gameName === 'FlashMatch')).toMatchObject({ abandoned: 0, active: 2 });
  });
});

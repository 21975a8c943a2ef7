/** Issue 18: a game ends completed or interrupted; the status reaches the suite, /Data and the export; responses keep their modality. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { answer, cid, delphiCall, initSuite, ok, startPlaying } from './delphi-kit';
import type { Playing } from './delphi-kit';

describe.each(TEST_DIALECTS)('delphi game status and input modality (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'status-admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'status-admin@example.org', 'admin password')).session;
  });
  afterAll(() => t.close());

  const end = (p: Playing, fields: Record<string, unknown> = {}) =>
    delphiCall(t, delphi.endGame, { ...p.who, timestamp: Date.now() + 10_000, _clientId: cid(), ...fields }, { id: p.game });
  const gameOf = async (participant: string, name: delphi.GameName) => (await initSuite(t, participant)).games.find((g) => g.gameName === name);

  it('is in progress once started, null before', async () => {
    const p = await startPlaying(t, 'S-progress');
    expect(await gameOf(p.participant, 'FlashMatch')).toMatchObject({ state: 'played', ended: false, status: 'in progress' });
    expect(await gameOf(p.participant, 'QuizTime')).toMatchObject({ state: 'toPlay', status: null });
  });

  it('ends completed by default and interrupted when told so, keeping the answers given', async () => {
    const done = await startPlaying(t, 'S-done');
    expect(await ok(end(done))).toEqual({ _id: done.game, duplicate: false });
    expect(await gameOf(done.participant, 'FlashMatch')).toMatchObject({ ended: true, status: 'completed' });

    const left = await startPlaying(t, 'S-left');
    await answer(t, left, { modality: 'touch' });
    expect(await ok(end(left, { reason: 'interrupted', attributes: { round: 'SZ_1', questionIndex: 1, via: 'reload' } }))).toEqual({ _id: left.game, duplicate: false });
    expect(await gameOf(left.participant, 'FlashMatch')).toMatchObject({ state: 'played', ended: true, status: 'interrupted' });
    const stored = await t.database.db.selectFrom('delphi_games').select(['status', 'end_attributes']).where('id', '=', left.game).executeTakeFirstOrThrow();
    expect(stored.status).toBe('interrupted');
    expect(JSON.parse(stored.end_attributes ?? '')).toEqual({ round: 'SZ_1', questionIndex: 1, via: 'reload' });
    const kept = await t.database.db.selectFrom('delphi_responses').select(['modality']).where('game_id', '=', left.game).execute();
    expect(kept).toEqual([{ modality: 'touch' }]);
  });

  it('keeps the first end: a late interruption of a completed game changes nothing', async () => {
    const p = await startPlaying(t, 'S-first');
    await ok(end(p));
    expect(await ok(end(p, { reason: 'interrupted' }))).toEqual({ _id: p.game, duplicate: true });
    expect(await gameOf(p.participant, 'FlashMatch')).toMatchObject({ status: 'completed' });
  });

  it('refuses an unknown reason or modality with 400 and stores nothing', async () => {
    const p = await startPlaying(t, 'S-bad');
    const bad = await end(p, { reason: 'bored' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toBe("reason: reason must be 'completed' or 'interrupted'");
    const response = await delphiCall(t, delphi.logResponse, { ...p.who, game: p.game, _clientId: cid(), _respondedAt: Date.now(), modality: 'voice' });
    expect(response.statusCode).toBe(400);
    expect(await gameOf(p.participant, 'FlashMatch')).toMatchObject({ ended: false, status: 'in progress' });
  });

  it('shows the status per game on /Data and on every exported row, with the modality', async () => {
    const p = await startPlaying(t, 'S-export');
    await answer(t, p, { modality: 'touch', rtMs: 430.199951171875 }, 1_700_000_000_000);
    await answer(t, p, { modality: 'key' }, 1_700_000_001_000);
    await ok(end(p, { reason: 'interrupted' }));
    const { participants } = await ok<{ participants: delphi.ParticipantRecord[] }>(
      delphiCall(t, delphi.listParticipants, { filter: 'S-export' }, { session: admin }),
    );
    expect(participants[0]?.games.find((g) => g.gameName === 'FlashMatch')).toMatchObject({ status: 'interrupted', responses: 2 });
    expect(participants[0]?.games.find((g) => g.gameName === 'QuizTime')).toMatchObject({ status: null });

    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format: 'json' }, { session: admin }));
    await t.app.delphiExports?.idle();
    const { files } = await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }));
    const url = files.find((f) => f._id === file._id)?.downloadUrl ?? '';
    const body = await t.app.inject({ method: 'GET', url, headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } });
    const rows = (body.json() as Record<string, unknown>[]).filter((r) => r.participantId === 'S-export');
    expect(rows).toEqual([
      expect.objectContaining({ modality: 'touch', gameStatus: 'interrupted', rtMs: 430.2, category: 'Search' }),
      expect.objectContaining({ modality: 'key', gameStatus: 'interrupted', rtMs: 420.5, category: 'Search' }),
    ]);
  });
});

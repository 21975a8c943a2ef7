/** The /Data plot aggregates through the real routes, on crafted records with known answers, on both dialects (ADR 027). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, delphi, delphiPlots, errorBody } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, initSuite, ok } from '../delphi-kit';

type Row = Record<string, unknown> & { round: string };

/** A participant who plays `gameName` and gives these responses (rounds started as they come). */
async function play(t: TestApp, participant: string, gameName: delphi.GameName, rows: readonly Row[]): Promise<string> {
  const suite = (await initSuite(t, participant))._id;
  const who = { participant, suite };
  const at = 1_700_000_000_000;
  const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...who, gameName, _startedAt: at, timestamp: at, _clientId: cid() })))._id;
  for (const round of new Set(rows.map((r) => r.round))) {
    await ok(delphiCall(t, delphi.startRound, { ...who, game, round, _clientId: cid(), timestamp: at + 1 }));
  }
  let i = 0;
  for (const row of rows) {
    i += 1;
    await ok(delphiCall(t, delphi.logResponse, { ...who, game, _clientId: cid(), response: null, _respondedAt: at + i * 1000, ...row }));
  }
  return suite;
}

describe.each(TEST_DIALECTS)('plot aggregates (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    await createUser(t, { email: 'plain@example.org', password: 'plain password' });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    user = (await logIn(t, 'plain@example.org', 'plain password')).session;
    const search = { round: 'SZ_1', category: 'Search' };
    await play(t, 'fm-a', 'FlashMatch', [
      { ...search, response: 'ArrowRight', correctAnswer: 'ArrowRight', isCorrect: true, rtMs: 420 },
      { ...search, response: 'ArrowRight', correctAnswer: 'ArrowRight', isCorrect: true, rtMs: 430 },
      { ...search, response: 'ArrowRight', correctAnswer: 'ArrowLeft', isCorrect: false, rtMs: 610 },
      // A key before the onset (no response) and a time-out (scored, no RT).
      { ...search, response: 'ArrowLeft', anticipation: true, rtMs: -30 },
      { ...search, correctAnswer: 'ArrowRight', isCorrect: false, rtMs: null },
    ]);
    await play(t, 'fm-b', 'FlashMatch', [
      { ...search, response: 'ArrowRight', correctAnswer: 'ArrowRight', isCorrect: true, rtMs: 2500 },
      { round: 'VS_1', category: 'Comparison', response: 'ArrowLeft', correctAnswer: 'ArrowLeft', isCorrect: true, rtMs: 455 },
    ]);
    const excluded = await play(t, 'fm-c', 'FlashMatch', [{ ...search, response: 'ArrowRight', correctAnswer: 'ArrowRight', isCorrect: true, rtMs: 440 }]);
    await ok(delphiCall(t, delphi.excludeParticipant, { suite: excluded, reason: 'test run' }, { session: admin }));

    await play(t, 'mm-a', 'MimeMix', [
      { round: 'main', correctAnswer: 'happy', response: 'happy', isCorrect: true, category: 'top congruent', rtMs: 900 },
      { round: 'main', correctAnswer: 'happy', response: 'sad', isCorrect: false, category: 'top incongruent', rtMs: 1200 },
      { round: 'main', correctAnswer: 'fear', isCorrect: false, category: 'bottom congruent', rtMs: null },
      { round: 'practice', correctAnswer: 'happy', response: 'happy', isCorrect: true, category: 'practice', rtMs: 800 },
    ]);
    await play(t, 'cc-a', 'ColorCatch', [
      { round: 'Level_1', response: 3, correctAnswer: 3, isCorrect: true, rtMs: 700 },
      { round: 'Level_1', response: 5, correctAnswer: 3, isCorrect: false, rtMs: 800, attributes: { errorType: 'outdated' } },
      { round: 'Level_1', correctAnswer: 3, isCorrect: false, rtMs: null, attributes: { errorType: 'timeout' } },
      { round: 'Level_2', response: 1, correctAnswer: 2, isCorrect: false, rtMs: 900 },
    ]);
    await play(t, 'wl-a', 'WordLinks', [
      { round: 'L1_1', response: 'boat', rtMs: 3000, attributes: { accepted: true, score: 45.5 } },
      { round: 'L1_1', response: 'river', rtMs: 4000, attributes: { accepted: true, score: 47 } },
      { round: 'L1_1', response: 'xx', rtMs: 2000, attributes: { accepted: false, reason: 'unknown' } },
      { round: 'L2_3', response: 'moon', rtMs: 5000, attributes: { accepted: true, score: 95 } },
      { round: 'L1_P', response: 'cat', rtMs: 5000, attributes: { accepted: true, score: 30 } },
    ]);
  });
  afterAll(() => t.close());

  const plot = <T,>(descriptor: ApiDescriptor, input: Record<string, unknown>) => ok<T>(delphiCall(t, descriptor, input, { session: admin }));
  type Rt = { participants: number; participantFound: boolean; bins: delphiPlots.RtBin[]; summary: delphiPlots.RtSummary[] };

  it('keeps every plot call for the study team and names a bad field', async () => {
    for (const descriptor of delphiPlots.DELPHI_PLOT_DESCRIPTORS) {
      expect((await delphiCall(t, descriptor, { gameName: 'FlashMatch' })).json()).toEqual(errorBody(ERRORS.unauthorized));
      expect((await delphiCall(t, descriptor, { gameName: 'FlashMatch' }, { session: user })).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
      const bad = await delphiCall(t, descriptor, { gameName: 'Chess' }, { session: admin });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().Error.message).toBe('gameName: gameName must be one of the suite’s games');
    }
  });

  it('bins Flash Match RTs per condition and block, without anticipations, time-outs or the excluded', async () => {
    const rt = await plot<Rt & { binMs: number; maxMs: number }>(delphiPlots.plotResponseTimes, { gameName: 'FlashMatch', participant: 'fm-a' });
    expect(rt).toMatchObject({ participants: 2, participantFound: true, binMs: 50, maxMs: 2000 });
    expect(rt.bins).toEqual([
      { condition: 'no', block: 'SZ_1', binStart: 600, group: 1, participant: 1 },
      { condition: 'no', block: 'VS_1', binStart: 450, group: 1, participant: 0 },
      { condition: 'yes', block: 'SZ_1', binStart: 400, group: 2, participant: 2 },
      { condition: 'yes', block: 'SZ_1', binStart: 2000, group: 1, participant: 0 },
    ]);
    const yes = rt.summary.find((s) => s.condition === 'yes' && s.block === 'SZ_1');
    expect(yes).toMatchObject({ group: 3, participant: 2, participantMeanMs: 425 });
    expect(yes?.groupMeanMs).toBeCloseTo((420 + 430 + 2500) / 3, 6);
  });

  it('counts the excluded when asked, and always shows a picked participant in their own column', async () => {
    const all = await plot<Rt>(delphiPlots.plotResponseTimes, { gameName: 'FlashMatch', includeExcluded: true });
    expect(all.participants).toBe(3);
    expect(all.bins.find((b) => b.condition === 'yes' && b.binStart === 400)).toMatchObject({ group: 3, participant: 0 });
    const picked = await plot<Rt>(delphiPlots.plotResponseTimes, { gameName: 'FlashMatch', participant: 'fm-c' });
    expect(picked).toMatchObject({ participants: 2, participantFound: true });
    expect(picked.bins.find((b) => b.condition === 'yes' && b.binStart === 400)).toMatchObject({ group: 2, participant: 1 });
    const nobody = await plot<Rt>(delphiPlots.plotResponseTimes, { gameName: 'FlashMatch', participant: 'no-such-one' });
    expect(nobody.participantFound).toBe(false);
  });

  it('counts accuracy per block and category', async () => {
    const answer = await plot<{ cells: delphiPlots.AccuracyCell[] }>(delphiPlots.plotAccuracy, { gameName: 'FlashMatch', participant: 'fm-b' });
    expect(answer.cells).toEqual([
      { block: 'SZ_1', category: 'Search', groupScored: 5, groupCorrect: 3, participantScored: 1, participantCorrect: 1 },
      { block: 'VS_1', category: 'Comparison', groupScored: 1, groupCorrect: 1, participantScored: 1, participantCorrect: 1 },
    ]);
  });

  it('draws Mime Mix’s confusion matrix from the main game, time-outs as none', async () => {
    const view = await plot<{ kind: string; cells: delphiPlots.ViewCell[] }>(delphiPlots.plotGameView, { gameName: 'MimeMix', participant: 'mm-a' });
    expect(view.kind).toBe('confusion');
    expect(view.cells).toEqual([
      { row: 'fear', column: 'none', group: 1, participant: 1 },
      { row: 'happy', column: 'happy', group: 1, participant: 1 },
      { row: 'happy', column: 'sad', group: 1, participant: 1 },
    ]);
  });

  it('counts Color Catch’s error types per level', async () => {
    const view = await plot<{ kind: string; cells: delphiPlots.ViewCell[] }>(delphiPlots.plotGameView, { gameName: 'ColorCatch' });
    expect(view.kind).toBe('errorTypes');
    expect(view.cells).toEqual([
      { row: 'Level_1', column: 'correct', group: 1, participant: 0 },
      { row: 'Level_1', column: 'outdated', group: 1, participant: 0 },
      { row: 'Level_1', column: 'timeout', group: 1, participant: 0 },
      { row: 'Level_2', column: 'other', group: 1, participant: 0 },
    ]);
  });

  it('bins Word Links’ accepted word scores per level, practice left out', async () => {
    const view = await plot<{ kind: string; binWidth: number; cells: delphiPlots.ViewCell[] }>(delphiPlots.plotGameView, { gameName: 'WordLinks' });
    expect(view).toMatchObject({ kind: 'scores', binWidth: 10 });
    expect(view.cells).toEqual([
      { row: 'L1', column: '40', group: 2, participant: 0 },
      { row: 'L2', column: '90', group: 1, participant: 0 },
    ]);
  });

  it('shows a new response, a late prompt and an exclusion at once (the group side is kept by triggers, migration 0024)', async () => {
    const yesAt400 = async () =>
      (await plot<Rt>(delphiPlots.plotResponseTimes, { gameName: 'FlashMatch' })).bins.find((b) => b.condition === 'yes' && b.block === 'SZ_1' && b.binStart === 400)?.group ?? 0;
    expect(await yesAt400()).toBe(2);
    const late = await play(t, 'fm-d', 'FlashMatch', [{ round: 'SZ_1', response: 'ArrowRight', correctAnswer: 'ArrowRight', isCorrect: true, rtMs: 410 }]);
    expect(await yesAt400()).toBe(3);
    // A response whose prompt comes later: its RT is filled in when the prompt arrives.
    const who = { participant: 'fm-d', suite: late };
    const game = (await t.database.db.selectFrom('delphi_games').select('id').where('suite_id', '=', late).executeTakeFirstOrThrow()).id;
    const prompt = cid();
    await ok(delphiCall(t, delphi.logResponse, { ...who, game, round: 'SZ_1', prompt, _clientId: cid(), response: 'ArrowRight', correctAnswer: 'ArrowRight', isCorrect: true, _respondedAt: 1_700_000_100_420 }));
    expect(await yesAt400()).toBe(3);
    await ok(delphiCall(t, delphi.logPrompt, { ...who, game, round: 'SZ_1', _clientId: prompt, prompt: '3', _promptedAt: 1_700_000_100_000 }));
    expect(await yesAt400()).toBe(4);
    await ok(delphiCall(t, delphi.excludeParticipant, { suite: late, reason: 'left early' }, { session: admin }));
    expect(await yesAt400()).toBe(2);
  });

  it('answers an empty view for a game nobody played, and none for a game without its own view', async () => {
    const quiz = await plot<{ participants: number; cells: unknown[] }>(delphiPlots.plotAccuracy, { gameName: 'QuizTime' });
    expect(quiz).toEqual({ participants: 0, participantFound: false, cells: [] });
    const flash = await plot<{ kind: string; cells: unknown[] }>(delphiPlots.plotGameView, { gameName: 'FlashMatch' });
    expect(flash).toMatchObject({ kind: 'none', cells: [] });
  });
});

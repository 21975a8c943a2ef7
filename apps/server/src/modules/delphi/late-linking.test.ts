/**
 * Late linking: records that reach the server before the prompt or round they name (a page
 * leaving a study iframe sends its records in parallel) are stored, and the researchers'
 * export shows them linked once the prompt or round has arrived.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { cid, countRows, delphiCall, ok, startPlaying } from './delphi-kit';
import type { Playing } from './delphi-kit';

const T0 = 1_700_000_000_000;

describe.each(TEST_DIALECTS)('delphi late linking (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'late-admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'late-admin@example.org', 'admin password')).session;
  });
  afterAll(() => t.close());

  /** The participant's rows of the JSON export, generated and downloaded through the routes researchers use. */
  async function exported(participant: string): Promise<Record<string, unknown>[]> {
    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format: 'json' }, { session: admin }));
    await t.app.delphiExports?.idle();
    const { files } = await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }));
    const url = files.find((f) => f._id === file._id)?.downloadUrl ?? '';
    const response = await t.app.inject({ method: 'GET', url, headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } });
    const rows = response.json() as Record<string, unknown>[];
    return rows.filter((row) => row.participantId === participant);
  }

  const prompt = (p: Playing, fields: Record<string, unknown>) =>
    delphiCall(t, delphi.logPrompt, { ...p.who, game: p.game, round: p.round, _clientId: cid(), prompt: '314159', _promptedAt: T0, ...fields });
  const response = (p: Playing, fields: Record<string, unknown>) =>
    delphiCall(t, delphi.logResponse, { ...p.who, game: p.game, round: p.round, _clientId: cid(), response: 'ArrowRight', isCorrect: true, _respondedAt: T0 + 400, ...fields });

  it('stores a response that arrives before its prompt and links it when the prompt arrives', async () => {
    const p = await startPlaying(t, 'L-prompt');
    const promptId = cid();
    const onlyRt = cid();
    const early = await ok<delphi.LogAck>(response(p, { prompt: promptId, _respondedAt: T0 + 412.5 }));
    expect(early.duplicate).toBe(false);
    // One brought its own reaction time, one its own onset: those are kept as sent.
    await ok(response(p, { prompt: promptId, _clientId: onlyRt, rtMs: 300.25, _respondedAt: T0 + 500 }));
    await ok(response(p, { prompt: promptId, _promptedAt: T0 + 10, _respondedAt: T0 + 110 }));
    const before = await exported('L-prompt');
    expect(before.map((row) => [row.promptId, row.prompt, row.promptedAt, row.rtMs])).toEqual([
      [promptId, null, null, null],
      [promptId, null, null, 300.25],
      [promptId, null, new Date(T0 + 10).toISOString(), 100],
    ]);

    await ok(prompt(p, { _clientId: promptId, prompt: '271828', _promptedAt: T0 + 0.5 }));
    const after = await exported('L-prompt');
    expect(after.map((row) => [row.promptId, row.prompt, row.promptedAt, row.rtMs])).toEqual([
      [promptId, '271828', new Date(T0 + 0.5).toISOString(), 412],
      [promptId, '271828', new Date(T0 + 0.5).toISOString(), 300.25],
      [promptId, '271828', new Date(T0 + 10).toISOString(), 100],
    ]);
    const linked = await t.database.db.selectFrom('delphi_responses').select(['prompt_id']).where('suite_id', '=', p.suite).execute();
    const stored = await t.database.db.selectFrom('delphi_prompts').select('id').where('client_id', '=', promptId).executeTakeFirstOrThrow();
    expect(linked.map((row) => row.prompt_id)).toEqual([stored.id, stored.id, stored.id]);
  });

  it('stores a prompt and response of a round not started yet and links them when it starts', async () => {
    const p = await startPlaying(t, 'L-round');
    const promptId = cid();
    await ok(prompt(p, { round: 'SZ_2', _clientId: promptId }));
    await ok(response(p, { round: 'SZ_2', prompt: promptId }));
    expect((await exported('L-round')).map((row) => [row.round, row.roundId, row.prompt])).toEqual([['SZ_2', null, '314159']]);

    const round = await ok<delphi.LogAck>(delphiCall(t, delphi.startRound, { ...p.who, game: p.game, round: 'SZ_2', _clientId: cid(), timestamp: T0 - 5 }));
    expect((await exported('L-round')).map((row) => [row.round, row.roundId, row.prompt])).toEqual([['SZ_2', round._id, '314159']]);
    const stored = await t.database.db.selectFrom('delphi_prompts').select(['round', 'round_id']).where('client_id', '=', promptId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ round: 'SZ_2', round_id: round._id });
    // The game's scores count the late response in its block.
    const scores = await ok<{ games: delphi.GameScores[] }>(delphiCall(t, delphi.getGameScores, p.who));
    expect(scores.games[0]?.blocks.SZ_2).toEqual({ correctResponses: 1, totalResponses: 1 });
  });

  it('stores a late response once however often it is sent, before and after its prompt', async () => {
    const p = await startPlaying(t, 'L-once');
    const promptId = cid();
    const late = { prompt: promptId, _clientId: cid() };
    const first = await ok<delphi.LogAck>(response(p, late));
    expect(await ok(response(p, late))).toEqual({ _id: first._id, duplicate: true });
    await ok(prompt(p, { _clientId: promptId }));
    expect(await ok(prompt(p, { _clientId: promptId }))).toMatchObject({ duplicate: true });
    expect(await ok(response(p, late))).toEqual({ _id: first._id, duplicate: true });
    const rows = await exported('L-once');
    expect(rows.map((row) => [row.promptId, row.prompt, row.rtMs])).toEqual([[promptId, '314159', 400]]);
  });

  it('links records sent all at once in any order, as a page leaving an iframe sends them', async () => {
    const p = await startPlaying(t, 'L-burst');
    const promptIds = [cid(), cid(), cid()];
    const sends = [
      ...promptIds.map((id, i) => () => response(p, { round: 'VS_1', prompt: id, _respondedAt: T0 + 1_000 * i + 250, response: `r${i}` })),
      ...promptIds.map((id, i) => () => prompt(p, { round: 'VS_1', _clientId: id, prompt: `p${i}`, _promptedAt: T0 + 1_000 * i })),
      () => delphiCall(t, delphi.startRound, { ...p.who, game: p.game, round: 'VS_1', _clientId: cid(), timestamp: T0 - 1 }),
    ];
    const answers = await Promise.all(sends.reverse().map((send) => send()));
    expect(answers.map((a) => a.statusCode)).toEqual(sends.map(() => 200));
    // Stored in whatever order they arrived.
    const rows = (await exported('L-burst')).sort((a, b) => String(a.response).localeCompare(String(b.response)));
    expect(rows.map((row) => [row.response, row.prompt, row.rtMs, row.roundId === null])).toEqual([
      ['r0', 'p0', 250, false],
      ['r1', 'p1', 250, false],
      ['r2', 'p2', 250, false],
    ]);
  });

  it('still refuses an answer to a prompt of another game, and never links across suites', async () => {
    const p = await startPlaying(t, 'L-games', 'FlashMatch');
    const at = Date.now();
    const quiz = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...p.who, gameName: 'QuizTime', _startedAt: at, timestamp: at, _clientId: cid() })))._id;
    const flashPrompt = cid();
    await ok(prompt(p, { _clientId: flashPrompt }));
    const before = await countRows(t, 'delphi_responses');
    const wrong = await response(p, { game: quiz, prompt: flashPrompt });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ Error: delphi.DELPHI_ERRORS.unknownPrompt });
    expect(await countRows(t, 'delphi_responses')).toBe(before);

    // Another participant naming this prompt id: not a prompt of their suite, so it waits (for ever).
    const other = await startPlaying(t, 'L-games-other');
    await ok(response(other, { prompt: flashPrompt }));
    expect((await exported('L-games-other')).map((row) => [row.promptId, row.prompt, row.rtMs])).toEqual([[flashPrompt, null, null]]);
  });
});

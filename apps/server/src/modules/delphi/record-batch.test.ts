/**
 * LOG_RECORDS (ADR 072): a page that goes sends its pending records in one ordered request. A
 * game whose start the server has not answered yet is named by the startGame's `_clientId`,
 * and its records are stored with it; each record is checked as its own call checks it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { cid, delphiCall, initSuite, ok } from './delphi-kit';

const T0 = 1_700_000_000_000;

describe.each(TEST_DIALECTS)('delphi record batch (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A game started, a round, two prompts and their answers, all named by the game's client id. */
  function wholeGame(gameRef: string) {
    const prompts = [cid(), cid()];
    const responses = [cid(), cid()];
    const records: delphi.BatchRecord[] = [
      { kind: 'startGame', input: { gameName: 'QuizTime', _startedAt: T0, timestamp: T0, _clientId: gameRef } },
      { kind: 'startRound', gameClientId: gameRef, input: { round: 'Q', _clientId: cid(), timestamp: T0 + 1 } },
      ...prompts.flatMap((prompt, i): delphi.BatchRecord[] => [
        { kind: 'logPrompt', gameClientId: gameRef, input: { round: 'Q', _clientId: prompt, prompt: `question ${i}`, _promptedAt: T0 + 100 * (i + 1) } },
        {
          kind: 'logResponse',
          gameClientId: gameRef,
          input: { round: 'Q', prompt, _clientId: responses[i], response: 'A', isCorrect: i === 0, questionIndex: i, _respondedAt: T0 + 100 * (i + 1) + 640 },
        },
      ]),
    ];
    return { records, responses };
  }

  it('stores a game, its round, prompts and answers in order, the game named by its start\'s client id', async () => {
    const suite = await initSuite(t, 'B-whole');
    const who = { participant: 'B-whole', suite: suite._id };
    const gameRef = cid();
    const { records, responses } = wholeGame(gameRef);
    const body = await ok<{ results: delphi.BatchResult[] }>(delphiCall(t, delphi.logRecords, { ...who, records }));
    expect(body.results.map((r) => r.ok)).toEqual([true, true, true, true, true, true]);
    const game = await t.database.db.selectFrom('delphi_games').select(['id', 'game_name', 'status']).where('suite_id', '=', suite._id).executeTakeFirstOrThrow();
    expect(game).toMatchObject({ game_name: 'QuizTime', status: 'in progress' });
    expect(body.results[0]).toEqual({ ok: true, _id: game.id, duplicate: false });
    const stored = await t.database.db
      .selectFrom('delphi_responses')
      .select(['client_id', 'game_id', 'rt_ms'])
      .where('suite_id', '=', suite._id)
      .orderBy('responded_at')
      .execute();
    expect(stored.map((r) => [r.client_id, r.game_id, Number(r.rt_ms)])).toEqual([
      [responses[0], game.id, 640],
      [responses[1], game.id, 640],
    ]);

    // Sent again (the next page resends what it kept): every record is acknowledged as a duplicate, nothing doubles.
    const again = await ok<{ results: delphi.BatchResult[] }>(delphiCall(t, delphi.logRecords, { ...who, records }));
    expect(again.results.every((r) => r.ok && r.duplicate)).toBe(true);
    expect(await t.database.db.selectFrom('delphi_responses').select('id').where('suite_id', '=', suite._id).execute()).toHaveLength(2);
  });

  it('ends a game named by its start\'s client id, and the single calls see the same game', async () => {
    const suite = await initSuite(t, 'B-end');
    const who = { participant: 'B-end', suite: suite._id };
    const gameRef = cid();
    const { records } = wholeGame(gameRef);
    const end: delphi.BatchRecord = { kind: 'endGame', gameClientId: gameRef, input: { timestamp: T0 + 5000, reason: 'interrupted', _clientId: cid() } };
    const body = await ok<{ results: delphi.BatchResult[] }>(delphiCall(t, delphi.logRecords, { ...who, records: [...records, end] }));
    expect(body.results.every((r) => r.ok)).toBe(true);
    const game = await t.database.db.selectFrom('delphi_games').select(['status']).where('suite_id', '=', suite._id).executeTakeFirstOrThrow();
    expect(game.status).toBe('interrupted');
  });

  it('answers each record on its own: a refused one says why and does not stop the next', async () => {
    const suite = await initSuite(t, 'B-mixed');
    const who = { participant: 'B-mixed', suite: suite._id };
    const gameRef = cid();
    const { records } = wholeGame(gameRef);
    const bad: delphi.BatchRecord = { kind: 'logResponse', gameClientId: gameRef, input: { _clientId: cid(), rtMs: 'fast', _respondedAt: T0 } };
    const orphan: delphi.BatchRecord = { kind: 'logResponse', gameClientId: cid(), input: { _clientId: cid(), _respondedAt: T0 } };
    const body = await ok<{ results: delphi.BatchResult[] }>(delphiCall(t, delphi.logRecords, { ...who, records: [records[0], bad, orphan, ...records.slice(1)] }));
    expect(body.results[1]).toEqual({ ok: false, status: 400, message: 'records[1].input.rtMs: rtMs must be a number of milliseconds' });
    expect(body.results[2]).toEqual({ ok: false, status: 409, message: 'The game was not started.' });
    expect(body.results.filter((r) => r.ok)).toHaveLength(records.length);
  });

  it('fails a batch whose rows the database refuses with an error, stays up, and stores the batch once and in the order sent when it is sent again', async () => {
    const suite = await initSuite(t, 'B-boom');
    const who = { participant: 'B-boom', suite: suite._id };
    const gameRef = cid();
    const answers = Array.from({ length: 6 }, () => cid());
    const records: delphi.BatchRecord[] = [
      { kind: 'startGame', input: { gameName: 'QuizTime', _startedAt: T0, timestamp: T0, _clientId: gameRef } },
      { kind: 'startRound', gameClientId: gameRef, input: { round: 'Q', _clientId: cid(), timestamp: T0 + 1 } },
      ...answers.map((c, i): delphi.BatchRecord => ({
        kind: 'logResponse',
        gameClientId: gameRef,
        input: { round: 'Q', _clientId: c, response: i % 2 === 1 ? 'boom' : 'fine', isCorrect: true, questionIndex: i, _respondedAt: T0 + 1000 + i },
      })),
    ];
    // A database error that is not a refusal, on three of the batch's rows.
    const db = t.database.db;
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER test_boom BEFORE INSERT ON delphi_responses WHEN NEW.response = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION test_boom() RETURNS trigger AS $$ BEGIN IF NEW.response = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER test_boom BEFORE INSERT ON delphi_responses FOR EACH ROW EXECUTE FUNCTION test_boom()`.execute(db);
    }
    try {
      const failed = await delphiCall(t, delphi.logRecords, { ...who, records });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      // Still answering (an in-flight row's error left unawaited would have ended the process).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await sql`DROP TRIGGER test_boom ${dialect === 'sqlite' ? sql`` : sql`ON delphi_responses`}`.execute(db);
      if (dialect !== 'sqlite') await sql`DROP FUNCTION test_boom()`.execute(db);
    }
    // The sender repeats the batch: every record stored once, in the order sent (exports list rows in stored order).
    const body = await ok<{ results: delphi.BatchResult[] }>(delphiCall(t, delphi.logRecords, { ...who, records }));
    expect(body.results.every((r) => r.ok)).toBe(true);
    const stored = await db.selectFrom('delphi_responses').select('client_id').where('suite_id', '=', suite._id).orderBy('seq').execute();
    expect(stored.map((r) => r.client_id)).toEqual(answers);
  });

  it('takes records only from the suite\'s own browser, and refuses a malformed batch whole', async () => {
    const suite = await initSuite(t, 'B-guard');
    const who = { participant: 'B-guard', suite: suite._id };
    const { records } = wholeGame(cid());
    const stranger = await delphiCall(t, delphi.logRecords, { ...who, records }, { browser: 'stranger' });
    expect(stranger.statusCode).toBe(423);
    const empty = await delphiCall(t, delphi.logRecords, { ...who, records: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ Error: { message: 'records: records must hold at least one record' } });
    const unknownKind = await delphiCall(t, delphi.logRecords, { ...who, records: [{ kind: 'dropTable', input: {} }] });
    expect(unknownKind.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('delphi_games').select('id').where('suite_id', '=', suite._id).execute()).toHaveLength(0);
  });
});

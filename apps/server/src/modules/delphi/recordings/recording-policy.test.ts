/**
 * Issue 24: anonymous participants cannot fill the disk with audio. A recording needs the
 * suite's Morning Memo, started and not ended (server time); a suite holds a bounded number and
 * size of recordings; recordings never completed are removed after a day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi, errorBody, recordings } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { LocalFileStorage } from '../../../storage/local-file-storage';
import { cid, delphiCall, initSuite, ok } from '../delphi-kit';
import { LATE_RECORD_GRACE_MS } from '../late-grace';
import { fakeWebm, sha256Hex, startMemo, uploadRecording } from './recording-kit';
import { UNFINISHED_RECORDING_TTL_MS, removeUnfinishedRecordings } from './recording-policy';
import { partKey } from './recordings.service';

const E = recordings.RECORDING_ERRORS;
const T0 = Date.parse('2026-11-26T08:00:00.000Z');

describe.each(TEST_DIALECTS)('delphi recording limits (%s)', (dialect) => {
  let t: TestApp;
  let clock = T0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { now: () => new Date(clock) } });
  });
  afterAll(() => t.close());

  async function participant(id: string) {
    return { participant: id, suite: (await initSuite(t, id))._id };
  }
  function firstPart(who: { participant: string; suite: string }, gameRef: string, recording = cid()) {
    const data = fakeWebm(500);
    return delphiCall(t, recordings.uploadPart, {
      ...who, recording, gameRef, kind: 'talk', mimeType: 'audio/webm', part: 0, offset: 0, data: data.toString('base64'), sha256: sha256Hex(data),
    });
  }

  it('takes no recording without the suite’s Morning Memo, nor for another game, nor long after the memo ended', async () => {
    clock = T0;
    const who = await participant('R-1');
    expect((await firstPart(who, 'never-started')).json()).toEqual(errorBody(E.noGame));
    const at = Date.now();
    await ok(delphiCall(t, delphi.startGame, { ...who, gameName: 'QuizTime', _startedAt: at, timestamp: at, _clientId: 'quiz-ref' }));
    expect((await firstPart(who, 'quiz-ref')).json()).toEqual(errorBody(E.noGame));
    await startMemo(t, who, 'memo-ref');
    // A recording begun while the memo runs may finish after its end (the uploader lags behind).
    const begun = await uploadRecording(t, who, fakeWebm(3_000), { gameRef: 'memo-ref', complete: false, partSize: 1_000 });
    const game = await t.database.db.selectFrom('delphi_games').select('id').where('client_id', '=', 'memo-ref').executeTakeFirstOrThrow();
    await ok(delphiCall(t, delphi.endGame, { ...who, timestamp: at + 1, _clientId: cid() }, { id: game.id }));
    clock = T0 + LATE_RECORD_GRACE_MS + 1;
    const ended = await firstPart(who, 'memo-ref');
    expect(ended.statusCode).toBe(410);
    expect(ended.json()).toEqual(errorBody(E.gameEnded));
    const whole = (await t.database.db.selectFrom('delphi_recording_parts').select('byte_size').where('recording_id', '=', begun.id).execute()).length;
    expect(whole).toBe(3);
  });

  it('holds at most RECORDING_MAX_PER_SUITE recordings and RECORDING_MAX_BYTES_PER_SUITE bytes per suite', async () => {
    clock = T0;
    const who = await participant('R-2');
    await startMemo(t, who, 'memo-2');
    for (let i = 0; i < recordings.RECORDING_MAX_PER_SUITE; i++) await ok(firstPart(who, 'memo-2'));
    const tooMany = await firstPart(who, 'memo-2');
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual(errorBody(E.suiteFull));

    const big = await participant('R-3');
    await startMemo(t, big, 'memo-3');
    const recording = cid();
    await ok(firstPart(big, 'memo-3', recording));
    // As if most of the suite's allowance were stored already.
    await t.database.db
      .updateTable('delphi_recording_parts')
      .set({ byte_size: recordings.RECORDING_MAX_BYTES_PER_SUITE - 100 })
      .where('recording_id', '=', recording)
      .execute();
    const over = await firstPart(big, 'memo-3');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual(errorBody(E.suiteFull));
  });

  it('removes recordings left unfinished for a day, bytes and rows, and keeps newer and complete ones', async () => {
    clock = T0;
    const who = await participant('R-4');
    const storage = new LocalFileStorage(t.dataDir);
    const old = await uploadRecording(t, who, fakeWebm(2_000), { complete: false, partSize: 1_000 });
    const done = await uploadRecording(t, who, fakeWebm(2_000));
    clock = T0 + 2 * 60 * 60_000;
    const recent = await uploadRecording(t, who, fakeWebm(2_000), { complete: false, partSize: 1_000 });
    expect(await storage.stat(partKey(who.suite, old.id, 0))).toBeTruthy();

    const now = new Date(T0 + UNFINISHED_RECORDING_TTL_MS + 60_000);
    const receiving = await t.database.db.selectFrom('delphi_recordings').select('id').where('status', '=', 'receiving').where('id', '!=', recent.id).execute();
    // Every one unfinished since T0 (the earlier tests' too), not the recent one.
    expect(await removeUnfinishedRecordings(t.database.db, storage, now)).toBe(receiving.length);
    const left = await t.database.db.selectFrom('delphi_recordings').select('id').where('suite_id', '=', who.suite).execute();
    expect(left.map((r) => r.id).sort()).toEqual([done.id, recent.id].sort());
    expect(await storage.stat(partKey(who.suite, old.id, 0))).toBeFalsy();
    expect(await storage.stat(partKey(who.suite, recent.id, 0))).toBeTruthy();
    expect(await t.database.db.selectFrom('delphi_recording_parts').select('part_index').where('recording_id', '=', old.id).execute()).toEqual([]);
    // A second run finds nothing more.
    expect(await removeUnfinishedRecordings(t.database.db, storage, now)).toBe(0);
  });
});

/** Recording uploads: parts in any order, idempotent retries, checks, limits and permissions (ADR 018). */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { API_BASE, recordings, resolvePath } from '@chi/contract';
import { createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, XHR_HEADERS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { LocalFileStorage } from '../../../storage/local-file-storage';
import { cid, delphiCall, DELPHI_HOST, initSuite, ok } from '../delphi-kit';
import { fakeWebm, startMemo, uploadRecording } from './recording-kit';
import { partKey, recordingKey } from './recordings.service';

const WEBM_HEAD = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A fake WebM stream (real header bytes, then noise) cut into parts of `size` bytes. */
function audio(total: number, size: number): { whole: Buffer; parts: Buffer[] } {
  const whole = Buffer.concat([WEBM_HEAD, randomBytes(total - WEBM_HEAD.length)]);
  const parts: Buffer[] = [];
  for (let at = 0; at < whole.length; at += size) parts.push(whole.subarray(at, at + size));
  return { whole, parts };
}

describe.each(TEST_DIALECTS)('delphi recordings (%s)', (dialect) => {
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

  async function participant(id: string) {
    const suite = (await initSuite(t, id))._id;
    // The parts below name this started Morning Memo (a recording needs one).
    await startMemo(t, { participant: id, suite }, 'game-ref-1');
    return { participant: id, suite };
  }

  function sendPart(who: { participant: string; suite: string }, recording: string, parts: Buffer[], index: number, extra: Record<string, unknown> = {}) {
    const offset = parts.slice(0, index).reduce((n, p) => n + p.length, 0);
    const data = parts[index] as Buffer;
    return delphiCall(t, recordings.uploadPart, {
      ...who, recording, gameRef: 'game-ref-1', kind: 'talk', mimeType: 'audio/webm;codecs=opus',
      part: index, offset, data: data.toString('base64'), sha256: sha(data), ...extra,
    });
  }

  const complete = (who: { participant: string; suite: string }, recording: string, whole: Buffer, parts: number, extra: Record<string, unknown> = {}) =>
    delphiCall(t, recordings.completeRecording, { ...who, recording, parts, bytes: whole.length, sha256: sha(whole), durationMs: 4321.5, ...extra });

  const get = (url: string, session?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...XHR_HEADERS, host: DELPHI_HOST, ...(session ? { cookie: `chi_session=${session}` } : {}) } });

  it('assembles parts sent out of order and retried, exactly once, and researchers play it', async () => {
    const who = await participant('REC-1');
    const recording = cid();
    const { whole, parts } = audio(50_000, 8_000);
    const order = [3, 0, 6, 1, 1, 5, 2, 4, 0, 6];
    const answers = [];
    for (const index of order) answers.push(await ok<{ duplicate: boolean }>(sendPart(who, recording, parts, index)));
    expect(answers.map((a) => a.duplicate)).toEqual([false, false, false, false, true, false, false, false, true, true]);

    const done = await ok<{ recording: recordings.Recording; duplicate: boolean }>(complete(who, recording, whole, parts.length));
    expect(done.duplicate).toBe(false);
    expect(done.recording).toMatchObject({ _id: recording, participantId: 'REC-1', kind: 'talk', mimeType: 'audio/webm', status: 'complete', bytes: whole.length, durationMs: 4321.5 });
    // A retried complete (its answer lost) is a duplicate, and so is a late retried part.
    expect((await ok<{ duplicate: boolean }>(complete(who, recording, whole, parts.length))).duplicate).toBe(true);
    expect((await ok<{ duplicate: boolean }>(sendPart(who, recording, parts, 2))).duplicate).toBe(true);

    const played = await get(done.recording.url ?? '', admin);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/webm');
    expect(played.headers['content-disposition']).toMatch(/^inline/);
    expect(sha(played.rawPayload)).toBe(sha(whole));
    const download = await get(`${done.recording.url}?download=1`, admin);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="REC-1-talk-/);

    const list = await ok<{ recordings: recordings.Recording[]; total: number }>(delphiCall(t, recordings.listRecordings, { filter: 'rec-1' }, { session: admin }));
    expect(list.recordings.map((r) => r._id)).toEqual([recording]);
    expect(list.total).toBe(1);
    const parts_ = await t.database.db.selectFrom('delphi_recording_parts').select((eb) => eb.fn.countAll().as('n')).where('recording_id', '=', recording).executeTakeFirstOrThrow();
    expect(Number(parts_.n)).toBe(parts.length);

    const archive = await get(API_BASE + resolvePath(recordings.downloadArchive), admin);
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const name = Object.keys(files).find((n) => n.includes(recording));
    expect(name).toBe(`REC-1-talk-${recording}.webm`);
    expect(sha(Buffer.from(files[name ?? ''] ?? new Uint8Array()))).toBe(sha(whole));
  });

  it('refuses completing with a part missing, a wrong length or a wrong checksum, and keeps the parts for a retry', async () => {
    const who = await participant('REC-2');
    const recording = cid();
    const { whole, parts } = audio(20_000, 5_000);
    for (const index of [0, 1, 3]) await ok(sendPart(who, recording, parts, index));
    const missing = await complete(who, recording, whole, parts.length);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().Error.message).toBe('Part 2 of this recording is missing.');
    await ok(sendPart(who, recording, parts, 2));
    const short = await complete(who, recording, whole, parts.length, { bytes: whole.length - 1 });
    expect(short.statusCode).toBe(400);
    expect(short.json().Error.message).toBe(recordings.RECORDING_ERRORS.wrongLength.message);
    const wrong = await complete(who, recording, whole, parts.length, { sha256: sha(Buffer.from('other')) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Error.message).toBe('The recording does not match its checksum.');
    expect((await ok<{ recording: recordings.Recording }>(complete(who, recording, whole, parts.length))).recording.status).toBe('complete');
  });

  it('refuses a part whose bytes differ from an earlier one with the same index, or from its checksum', async () => {
    const who = await participant('REC-3');
    const recording = cid();
    const { parts } = audio(10_000, 5_000);
    await ok(sendPart(who, recording, parts, 0));
    const other = Buffer.concat([WEBM_HEAD, randomBytes(100)]);
    const conflict = await delphiCall(t, recordings.uploadPart, {
      ...who, recording, gameRef: 'g', kind: 'talk', mimeType: 'audio/webm', part: 0, offset: 0, data: other.toString('base64'), sha256: sha(other),
    });
    expect(conflict.statusCode).toBe(409);
    const badSum = await sendPart(who, recording, parts, 1, { sha256: sha(Buffer.from('x')) });
    expect(badSum.statusCode).toBe(400);
    expect(badSum.json().Error.message).toBe('The part does not match its checksum.');
  });

  it('refuses a file that is not audio whatever its name and type, and bad input with a 400 naming the field', async () => {
    const who = await participant('REC-4');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const refused = await delphiCall(t, recordings.uploadPart, {
      ...who, recording: cid(), gameRef: 'g', kind: 'talk', mimeType: 'audio/webm', part: 0, offset: 0, data: png.toString('base64'), sha256: sha(png),
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().Error.message).toBe(recordings.RECORDING_ERRORS.notAudio.message);
    const bad = await delphiCall(t, recordings.uploadPart, { ...who, recording: cid(), gameRef: 'g', kind: 'song', mimeType: 'x', part: 0, offset: 0, data: '!!', sha256: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toMatch(/kind|data|sha256/);
  });

  it('keeps to the size limits', async () => {
    const who = await participant('REC-5');
    const big = Buffer.concat([WEBM_HEAD, randomBytes(recordings.RECORDING_PART_MAX_BYTES)]);
    const tooBig = await delphiCall(t, recordings.uploadPart, {
      ...who, recording: cid(), gameRef: 'g', kind: 'talk', mimeType: 'audio/webm', part: 0, offset: 0, data: big.toString('base64'), sha256: sha(big),
    });
    expect(tooBig.statusCode).toBe(400);
    const chunk = randomBytes(1000);
    const beyond = await delphiCall(t, recordings.uploadPart, {
      ...who, recording: cid(), gameRef: 'g', kind: 'talk', mimeType: 'audio/webm', part: 5, offset: recordings.RECORDING_MAX_BYTES - 10, data: chunk.toString('base64'), sha256: sha(chunk),
    });
    expect(beyond.statusCode).toBe(413);
  });

  it('lets a participant write only their own recordings, and only researchers read them', async () => {
    const owner = await participant('REC-6');
    const stranger = await participant('REC-7');
    const recording = cid();
    const { whole, parts } = audio(6_000, 6_000);
    await ok(sendPart(owner, recording, parts, 0));
    expect((await sendPart(stranger, recording, parts, 0)).statusCode).toBe(403);
    expect((await complete(stranger, recording, whole, 1)).statusCode).toBe(403);
    expect((await sendPart({ participant: 'REC-7', suite: owner.suite }, recording, parts, 0)).statusCode).toBe(400);
    const done = await ok<{ recording: recordings.Recording }>(complete(owner, recording, whole, 1));

    expect((await delphiCall(t, recordings.listRecordings, {})).statusCode).toBe(401);
    // A logged-in account outside the study's team is told there is no such study (ADR 074).
    expect((await delphiCall(t, recordings.listRecordings, {}, { session: user })).statusCode).toBe(404);
    expect((await get(done.recording.url ?? '')).statusCode).toBe(401);
    expect((await get(done.recording.url ?? '', user)).statusCode).toBe(404);
    expect((await get(API_BASE + resolvePath(recordings.downloadArchive), user)).statusCode).toBe(404);
    expect((await get(API_BASE + resolvePath(recordings.downloadRecording, 'nope'), admin)).statusCode).toBe(404);
  });

  it('pages the list server-side, newest first, with the total the filter matches', async () => {
    for (const id of ['PAGE-1', 'PAGE-2', 'PAGE-3']) {
      const who = await participant(id);
      await uploadRecording(t, who, fakeWebm(2_000), { kind: 'background' });
      if (id !== 'PAGE-3') await uploadRecording(t, who, fakeWebm(2_000));
    }
    type Page = { recordings: recordings.Recording[]; total: number };
    const page = (offset: number, pageSize: number) =>
      ok<Page>(delphiCall(t, recordings.listRecordings, { filter: 'page-', offset, pageSize }, { session: admin }));
    const all = await page(0, 200);
    expect(all.total).toBe(5);
    expect(all.recordings).toHaveLength(5);
    const createdAt = all.recordings.map((r) => r.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    const pages = [await page(0, 2), await page(2, 2), await page(4, 2)];
    expect(pages.map((p) => p.recordings.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((p) => p.recordings.map((r) => r._id))).toEqual(all.recordings.map((r) => r._id));
    expect(await page(10, 2)).toEqual({ recordings: [], total: 5 });
    // Without paging arguments: the first page of the default size.
    const first = await ok<Page>(delphiCall(t, recordings.listRecordings, {}, { session: admin }));
    expect(first.recordings.length).toBe(Math.min(first.total, recordings.RECORDINGS_PAGE_SIZE));
    const bad = await delphiCall(t, recordings.listRecordings, { pageSize: 0 }, { session: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toMatch(/pageSize/);
  });

  it("removes a participant's stored audio and recording rows when their data is reset, and no one else's", async () => {
    const storage = new LocalFileStorage(t.dataDir);
    const gone = await participant('DEL-1');
    const kept = await participant('DEL-2');
    const whole = await uploadRecording(t, gone, fakeWebm(5_000));
    const half = await uploadRecording(t, gone, fakeWebm(9_000), { partSize: 4_000, complete: false });
    const other = await uploadRecording(t, kept, fakeWebm(5_000));
    const rowOf = (id: string) => t.database.db.selectFrom('delphi_recordings').selectAll().where('id', '=', id).executeTakeFirst();
    const wholeKey = recordingKey((await rowOf(whole.id)) ?? { suite_id: '', id: '', mime_type: '' });
    const partKeys = [0, 1, 2].map((n) => partKey(gone.suite, half.id, n));
    const otherKey = recordingKey((await rowOf(other.id)) ?? { suite_id: '', id: '', mime_type: '' });
    for (const key of [wholeKey, ...partKeys, otherKey]) expect(await storage.stat(key)).toBeDefined();

    await initSuite(t, 'DEL-1', { reset: true, session: admin });

    for (const key of [wholeKey, ...partKeys]) expect(await storage.stat(key)).toBeUndefined();
    expect(await rowOf(whole.id)).toBeUndefined();
    expect(await rowOf(half.id)).toBeUndefined();
    const parts = await t.database.db.selectFrom('delphi_recording_parts').select('recording_id').where('recording_id', 'in', [whole.id, half.id]).execute();
    expect(parts).toEqual([]);
    expect(await storage.stat(otherKey)).toEqual({ size: 5_000 });
    const list = await ok<{ recordings: recordings.Recording[] }>(delphiCall(t, recordings.listRecordings, { filter: 'del-' }, { session: admin }));
    expect(list.recordings.map((r) => r._id)).toEqual([other.id]);
  });
});

/** Researchers' data: permissions, the export files' content, progress and download (jobs: export-jobs.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { API_BASE, ERRORS, delphi, errorBody } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { parseCsv } from '../../../test/csv';
import { answer, delphiCall, ok, startPlaying } from '../delphi-kit';
import { insertExport, updateExport } from './export.repo';

describe.each(TEST_DIALECTS)('delphi researchers’ data (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let devOp: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    await createUser(t, { email: 'ops@example.org', password: 'ops password', devOp: true });
    await createUser(t, { email: 'plain@example.org', password: 'plain password' });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    devOp = (await logIn(t, 'ops@example.org', 'ops password')).session;
    user = (await logIn(t, 'plain@example.org', 'plain password')).session;

    const flash = await startPlaying(t, 'X-1');
    await answer(t, flash, { response: '=1+2', correctAnswer: '-1', isCorrect: false, rtMs: 400.5, frameIntervalMs: 16.6667 }, 1_700_000_000_000);
    await answer(t, flash, { response: 'a, "quoted"\nline', category: 'Search', attributes: { target: [1, 2], note: 'x,"y"' } }, 1_700_000_001_000);
    const quiz = await startPlaying(t, 'X-2', 'QuizTime');
    await answer(t, quiz, { question: 'Capital?', category: 'Humanities', questionIndex: 3, response: 2, correctAnswer: 2 }, 1_700_000_002_000);
  });
  afterAll(() => t.close());

  async function generate(format: 'csv' | 'json'): Promise<delphi.ExportFile> {
    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format }, { session: admin }));
    expect(file).toMatchObject({ format, status: 'queued', progress: 0, downloadUrl: null });
    await t.app.delphiExports?.idle();
    const { files } = await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }));
    const done = files.find((f) => f._id === file._id);
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 3, finishedAt: expect.any(String), error: null });
    return done as delphi.ExportFile;
  }

  const download = (file: delphi.ExportFile, session = admin) =>
    t.app.inject({ method: 'GET', url: file.downloadUrl ?? '', headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${session}` } });

  it('keeps File and participant calls for the study team, manageApp and devOp', async () => {
    const calls: [ApiDescriptor, unknown, string?][] = [
      [delphi.listFiles, {}], [delphi.generateFile, { format: 'csv' }], [delphi.listParticipants, {}], [delphi.downloadFile, {}, 'some-id'],
    ];
    for (const [descriptor, payload, id] of calls) {
      const options = id ? { id } : {};
      expect((await delphiCall(t, descriptor, payload, options)).json()).toEqual(errorBody(ERRORS.unauthorized));
      // Not in the default study's team: it does not exist for them (an unknown file id is unknown to anyone).
      expect((await delphiCall(t, descriptor, payload, { ...options, session: user })).json()).toEqual(id ? { Error: delphi.DELPHI_ERRORS.fileNotFound } : errorBody(delphi.STUDY_ERRORS.studyNotFound));
    }
    expect((await delphiCall(t, delphi.listFiles, {}, { session: devOp })).statusCode).toBe(200);
    expect((await delphiCall(t, delphi.generateFile, { format: 'xml' }, { session: admin })).json().Error.message).toBe("format: format must be 'csv', 'json' or 'psychds'");
    expect((await delphiCall(t, delphi.downloadFile, {}, { id: 'nope', session: admin })).json()).toEqual({ Error: delphi.DELPHI_ERRORS.fileNotFound });
  });

  it('lists participants with each game’s state and response counts', async () => {
    const { participants, total } = await ok<{ participants: delphi.ParticipantRecord[]; total: number }>(
      delphiCall(t, delphi.listParticipants, { filter: 'x-' }, { session: admin }),
    );
    expect(total).toBe(2);
    const first = participants.find((p) => p.participantId === 'X-1');
    expect(first).toMatchObject({ suiteId: expect.any(String), responses: 2 });
    expect(first?.games.find((g) => g.gameName === 'FlashMatch')).toMatchObject({ state: 'played', ended: false, responses: 2 });
    expect(first?.games.find((g) => g.gameName === 'QuizTime')).toMatchObject({ state: 'toPlay', responses: 0 });
    const paged = await ok<{ participants: unknown[]; total: number }>(delphiCall(t, delphi.listParticipants, { pageSize: 1 }, { session: admin }));
    expect(paged).toMatchObject({ total: 2, participants: [expect.anything()] });
    expect((await ok<{ total: number }>(delphiCall(t, delphi.listParticipants, { filter: '_' }, { session: admin }))).total).toBe(0);
  });

  it('exports CSV in long format: exact header, one row per response, quoting and formula guard', async () => {
    const file = await generate('csv');
    expect(file.downloadUrl).toBe(`${API_BASE}/actions/delphi/File/action/download/${file._id}`);
    const response = await download(file);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="delphi-responses-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.csv"$/);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...delphi.EXPORT_COLUMNS]);
    expect(rows).toHaveLength(4);
    const [, first, second, third] = rows.map((r) => Object.fromEntries(delphi.EXPORT_COLUMNS.map((c, i) => [c, r[i]])));
    expect(first).toMatchObject({
      participantId: 'X-1', game: 'FlashMatch', round: 'SZ_1', prompt: '123456', response: "'=1+2", correctAnswer: "'-1",
      isCorrect: 'false', promptedAt: '2023-11-14T22:13:20.000Z', respondedAt: '2023-11-14T22:13:20.420Z', rtMs: '400.5', anticipation: 'false', frameIntervalMs: '16.667', category: 'Search', questionIndex: '',
      modality: '', gameStatus: 'in progress',
    });
    expect(second).toMatchObject({ response: 'a, "quoted"\nline', isCorrect: 'true', rtMs: '420.5', category: 'Search' });
    expect(JSON.parse(second?.attributes ?? '')).toEqual({ target: [1, 2], note: 'x,"y"' });
    expect(third?.attributes).toBe('{}');
    expect(third).toMatchObject({ participantId: 'X-2', game: 'QuizTime', response: '2', correctAnswer: '2', category: 'Humanities', questionIndex: '3' });
    expect(response.body.endsWith('\r\n')).toBe(true);
  });

  it('exports the same data as a JSON array', async () => {
    const [csvFile, jsonFile] = [await generate('csv'), await generate('json')];
    const csvRows = parseCsv((await download(csvFile)).body).slice(1);
    const response = await download(jsonFile);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const objects = response.json() as Record<string, unknown>[];
    expect(objects).toHaveLength(3);
    expect(Object.keys(objects[0] ?? {})).toEqual([...delphi.EXPORT_COLUMNS]);
    expect(objects[0]).toMatchObject({ response: '=1+2', isCorrect: false, rtMs: 400.5, anticipation: false, frameIntervalMs: 16.667, questionIndex: null });
    expect(objects[2]).toMatchObject({ questionIndex: 3, prompt: '123456' });
    expect(objects[1]?.attributes).toEqual({ target: [1, 2], note: 'x,"y"' });
    expect(objects[0]?.attributes).toEqual({});
    objects.forEach((object, i) => {
      expect(object.suiteId).toBe(csvRows[i]?.[1]);
      expect(object.receivedAt).toBe(csvRows[i]?.[delphi.EXPORT_COLUMNS.indexOf('receivedAt')]);
    });
  });

  it('writes files only under DATA_DIR/exports, named by id', async () => {
    const names = await readdir(join(t.dataDir, 'exports'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}\.(csv|json)$/);
  });

  it('answers 409 for a file that is not ready', async () => {
    const running = await insertExport(t.database.db, 'csv', { studyId: 'default', runs: 'live' }, null, new Date());
    await updateExport(t.database.db, running.id, { status: 'running' });
    expect((await delphiCall(t, delphi.downloadFile, {}, { id: running.id, session: admin })).json()).toEqual({ Error: delphi.DELPHI_ERRORS.fileNotReady });
    const { files } = await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }));
    expect(files.find((f) => f._id === running.id)).toMatchObject({ status: 'running', downloadUrl: null });
  });
});

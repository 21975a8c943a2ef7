/** The Psych-DS publication bundle: layout, metadata from the contract, raw cells, raw audio files, checksums, and the rules check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { delphi } from '@chi/contract';
import { createUser, logIn } from '../../../test/account-kit';
import { parseCsv } from '../../../test/csv';
import { checkPsychDs } from '../../../test/psych-ds-rules';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { LocalFileStorage } from '../../../storage/local-file-storage';
import { answer, delphiCall, initSuite, ok, startPlaying } from '../delphi-kit';
import { fakeWebm, sha256Hex, uploadRecording } from '../recordings/recording-kit';
import { recordingKey } from '../recordings/recordings.service';
import { RAW_FILES_INDEX, RAW_FILE_COLUMNS, rawFileName, taskFileName } from './psych-ds-bundle';

describe('the Psych-DS rules check', () => {
  const valid = () =>
    new Map([
      ['dataset_description.json', JSON.stringify({ '@context': 'https://schema.org/', '@type': 'Dataset', name: 'n', description: 'd',
        variableMeasured: [{ '@type': 'PropertyValue', name: 'a' }, 'b'] })],
      ['data/task-x_data.csv', 'a,b\r\n1,2\r\n'],
    ]);
  const codes = (files: Map<string, string>) => checkPsychDs(files).map((issue) => issue.code);

  it('passes a minimal valid dataset', () => {
    expect(checkPsychDs(valid())).toEqual([]);
  });

  it('fires each rule it implements on a dataset that breaks it', () => {
    const noDescription = valid();
    noDescription.delete('dataset_description.json');
    expect(codes(noDescription)).toContain('MISSING_DATASET_DESCRIPTION');
    expect(codes(new Map([...valid()].filter(([path]) => !path.startsWith('data/'))))).toEqual(['MISSING_DATA_DIRECTORY', 'MISSING_DATAFILE']);
    expect(codes(new Map([...valid(), ['data/task-x_data.csv', 'a,b,c\r\n1,2,3\r\n']]))).toEqual(['CSV_COLUMN_MISSING_FROM_METADATA']);
    expect(codes(new Map([...valid(), ['data/task-x_data.csv', 'a\r\n1\r\n']]))).toEqual(['VARIABLE_MISSING_FROM_CSV_COLUMNS']);
    expect(codes(new Map([...valid(), ['data/task-x_data.csv', 'a,b\r\n1\r\n']]))).toEqual(['CSV_HEADER_LENGTH_MISMATCH']);
    expect(codes(new Map([...valid(), ['data/task-x_data.csv', 'a,a,b\r\n1,2,3\r\n']]))).toEqual(['CSV_HEADER_REPEATED']);
    expect(codes(new Map([...valid(), ['data/task-x_data.csv', 'a,b\r\n"1,2\r\n']]))).toContain('CSV_FORMATTING_ERROR');
    expect(codes(new Map([...valid(), ['data/flash.csv', 'a,b\r\n']]))).toContain('FILENAME_KEYWORD_FORMATTING_ERROR');
    expect(codes(new Map([...valid(), ['data/game-x_data.csv', 'a,b\r\n']]))).toContain('FILENAME_UNOFFICIAL_KEYWORD_ERROR');
    expect(codes(new Map([...valid(), ['dataset_description.json', '{"@context":"https://schema.org/","@type":"Thing","name":"n"}']]))).toEqual(
      expect.arrayContaining(['INCORRECT_DATASET_TYPE', 'JSON_KEY_REQUIRED', 'INVALID_OBJECT_TYPE']),
    );
    const extra = JSON.stringify({ '@context': 'https://schema.org/', '@type': 'Dataset', name: 'n', description: 'd',
      variableMeasured: [{ '@type': 'PropertyValue', name: 'a', levels: ['x'] }, 'b'] });
    expect(codes(new Map([...valid(), ['dataset_description.json', extra]]))).toEqual(['INVALID_SCHEMAORG_PROPERTY']);
  });
});

describe.each(TEST_DIALECTS)('the Psych-DS bundle (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let files: Map<string, string>;
  let bytes: Map<string, Uint8Array>;
  /** Recording id → the audio uploaded, and which participant. */
  const audio = new Map<string, { whole: Buffer; participant: string; kind: string }>();
  let missingId: string;
  let download: Awaited<ReturnType<TestApp['app']['inject']>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    const flash = await startPlaying(t, 'X-1');
    await answer(t, flash, { response: '=1+2', correctAnswer: '-1', isCorrect: false, rtMs: 400.5 }, 1_700_000_000_000);
    await answer(t, flash, { response: 'a, "quoted"\nline', attributes: { cell: [1, 2] } }, 1_700_000_001_000);
    const quiz = await startPlaying(t, 'X-2', 'QuizTime');
    await answer(t, quiz, { question: 'Capital?', category: 'Humanities', questionIndex: 3, response: 2, correctAnswer: 2 }, 1_700_000_002_000);
    await ok(delphiCall(t, delphi.excludeParticipant, { suite: quiz.suite, reason: 'Said "test run", in the chat' }, { session: admin }));
    // Morning Memo: a talk of several storage chunks and a background recording; one of the
    // excluded participant; one whose upload never completed; one whose stored file is gone.
    const memo = await startPlaying(t, 'M-3', 'MorningMemo');
    const talk = fakeWebm(300_000);
    const { id: talkId } = await uploadRecording(t, memo.who, talk, { partSize: 200_000 });
    audio.set(talkId, { whole: talk, participant: 'M-3', kind: 'talk' });
    await answer(t, memo, { response: talkId, attributes: { recordingId: talkId, durationMs: 9000, bytes: talk.length, kind: 'talk' } }, 1_700_000_003_000);
    const noise = fakeWebm(5_000);
    const { id: noiseId } = await uploadRecording(t, memo.who, noise, { kind: 'background' });
    audio.set(noiseId, { whole: noise, participant: 'M-3', kind: 'background' });
    const excludedAudio = fakeWebm(7_000);
    const { id: excludedId } = await uploadRecording(t, quiz.who, excludedAudio);
    audio.set(excludedId, { whole: excludedAudio, participant: 'X-2', kind: 'talk' });
    await uploadRecording(t, memo.who, fakeWebm(3_000), { complete: false });
    const lost = await uploadRecording(t, { participant: 'M-4', suite: (await initSuite(t, 'M-4'))._id }, fakeWebm(2_000));
    missingId = lost.id;
    const row = await t.database.db.selectFrom('delphi_recordings').selectAll().where('id', '=', missingId).executeTakeFirstOrThrow();
    await new LocalFileStorage(t.dataDir).delete(recordingKey(row));

    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format: 'psychds' }, { session: admin }));
    await t.app.delphiExports?.idle();
    const listed = (await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }))).files.find((f) => f._id === file._id);
    expect(listed).toMatchObject({ format: 'psychds', status: 'done', progress: 100, rows: 4, error: null });
    download = await t.app.inject({
      method: 'GET', url: listed?.downloadUrl ?? '', headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` },
    });
    const entries = unzipSync(new Uint8Array(download.rawPayload));
    bytes = new Map(Object.entries(entries));
    files = new Map(Object.entries(entries).map(([path, content]) => [path, strFromU8(content)]));
  });
  afterAll(() => t.close());

  it('downloads as a zip named for the study data', () => {
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="delphi-responses-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.zip"$/);
  });

  it('passes the Psych-DS rules, with one task file per game that has responses', () => {
    expect(checkPsychDs(files)).toEqual([]);
    expect([...files.keys()].filter((path) => !path.startsWith('data/raw/')).sort()).toEqual(
      ['README.md', 'SHA256SUMS', 'data/task-flashmatch_data.csv', 'data/task-morningmemo_data.csv', 'data/task-quiztime_data.csv',
        'dataset_description.json', 'documentation/codebook.html', 'documentation/exclusion-log.csv', RAW_FILES_INDEX],
    );
    expect(taskFileName('MorningMemo')).toBe('data/task-morningmemo_data.csv');
  });

  it('writes long-format rows per task, text cells behind the spreadsheet formula guard', () => {
    const [header, ...flash] = parseCsv(files.get('data/task-flashmatch_data.csv') ?? '');
    expect(header).toEqual([...delphi.EXPORT_COLUMNS]);
    const rows = flash.map((row) => Object.fromEntries(delphi.EXPORT_COLUMNS.map((c, i) => [c, row[i]])));
    expect(rows).toHaveLength(2);
    // '=1+2' and '-1' would run as formulas in a spreadsheet: the same guard as the CSV export.
    expect(rows[0]).toMatchObject({ participantId: 'X-1', game: 'FlashMatch', response: "'=1+2", correctAnswer: "'-1", rtMs: '400.5' });
    expect(rows[1]).toMatchObject({ response: 'a, "quoted"\nline' });
    expect(JSON.parse(rows[1]?.attributes ?? '')).toEqual({ cell: [1, 2] });
    const [, quiz] = parseCsv(files.get('data/task-quiztime_data.csv') ?? '');
    expect(quiz?.[delphi.EXPORT_COLUMNS.indexOf('participantId')]).toBe('X-2');
    expect(quiz?.[delphi.EXPORT_COLUMNS.indexOf('excluded')]).toBe('true');
    expect(rows.map((row) => row.excluded)).toEqual(['false', 'false']);
  });

  it('carries the exclusion log, with who, when and why', () => {
    const [header, ...entries] = parseCsv(files.get('documentation/exclusion-log.csv') ?? '');
    expect(header).toEqual(['at', 'action', 'participantId', 'suiteId', 'game', 'reason', 'by']);
    expect(entries).toEqual([[expect.stringMatching(/^\d{4}-/), 'exclude', 'X-2', expect.any(String), '', 'Said "test run", in the chat', 'Test User']]);
  });

  it("describes every column from the contract's column descriptions", () => {
    const description = JSON.parse(files.get('dataset_description.json') ?? '') as Record<string, unknown>;
    expect(description).toMatchObject({ '@context': 'https://schema.org/', '@type': 'Dataset', name: expect.any(String), description: expect.any(String) });
    const variables = description.variableMeasured as { name: string; description: string; unitText?: string }[];
    expect(variables.map((v) => v.name)).toEqual([...delphi.EXPORT_COLUMNS]);
    expect(variables.find((v) => v.name === 'rtMs')).toMatchObject({ unitText: 'millisecond', description: delphi.EXPORT_COLUMN_INFO.rtMs.description });
    expect(variables.find((v) => v.name === 'modality')?.description).toContain('One of: key, touch, mouse, pen.');
    // A skipped optional game is its own status, never completed (issue 25).
    expect(variables.find((v) => v.name === 'gameStatus')?.description).toContain('One of: in progress, completed, interrupted, skipped.');
    const codebook = files.get('documentation/codebook.html') ?? '';
    for (const column of delphi.EXPORT_COLUMNS) expect(codebook).toContain(`<code>${column}</code>`);
    expect(files.get('README.md')).toContain('`data/task-flashmatch_data.csv`: FlashMatch, 2 responses');
  });

  it('carries each complete recording under data/raw/ byte for byte, mapped from its id', () => {
    const [header, ...index] = parseCsv(files.get(RAW_FILES_INDEX) ?? '');
    expect(header).toEqual(RAW_FILE_COLUMNS.map(([name]) => name));
    const byId = new Map(index.map((row) => [row[0], Object.fromEntries(RAW_FILE_COLUMNS.map(([name], i) => [name, row[i]]))]));
    // The unfinished upload is not there; the one whose file is gone is listed without a path.
    expect([...byId.keys()].sort()).toEqual([...audio.keys(), missingId].sort());
    expect(byId.get(missingId)).toMatchObject({ participantId: 'M-4', path: '' });
    const raw = [...files.keys()].filter((path) => path.startsWith('data/raw/'));
    expect(raw).toHaveLength(audio.size);
    for (const [id, { whole, participant, kind }] of audio) {
      const entry = byId.get(id);
      expect(entry).toMatchObject({
        participantId: participant, kind, mimeType: 'audio/webm', bytes: String(whole.length), durationMs: '9000', sha256: sha256Hex(whole),
        excluded: participant === 'X-2' ? 'true' : 'false',
      });
      const path = entry?.path ?? '';
      expect(path).toMatch(new RegExp(`^data/raw/subject-${participant.replace('-', '')}_task-morningmemo_trial-${kind}_description-[A-Za-z0-9]+\\.webm$`));
      expect(Buffer.from(bytes.get(path) ?? new Uint8Array()).equals(whole)).toBe(true);
    }
    // The task file's row names its recording; the codebook maps it to the file.
    const [memoHeader, ...memoRows] = parseCsv(files.get('data/task-morningmemo_data.csv') ?? '');
    const attributes = JSON.parse(memoRows[0]?.[memoHeader?.indexOf('attributes') ?? -1] ?? '{}') as { recordingId?: string };
    const talk = byId.get(attributes.recordingId ?? '');
    expect(talk?.kind).toBe('talk');
    expect(files.get('documentation/codebook.html')).toContain(`<code>${talk?.path}</code>`);
    expect(files.get('README.md')).toContain('`data/raw/`: 3 Morning Memo recordings');
  });

  it('names raw files by official keywords only, each recording its own file', () => {
    const taken = new Set<string>();
    const recording = { participant_id: 'P-1', kind: 'talk', id: 'a-b', mime_type: 'audio/ogg' };
    expect(rawFileName(recording, taken)).toBe('data/raw/subject-P1_task-morningmemo_trial-talk_description-ab.ogg');
    expect(rawFileName({ ...recording, id: 'ab' }, taken)).toBe('data/raw/subject-P1_task-morningmemo_trial-talk_description-ab2.ogg');
  });

  it('lists a SHA-256 of every other file, in `sha256sum -c` format', () => {
    const lines = (files.get('SHA256SUMS') ?? '').trim().split('\n');
    const listed = new Map(lines.map((line) => [line.slice(66), line.slice(0, 64)]));
    expect([...listed.keys()].sort()).toEqual([...files.keys()].filter((path) => path !== 'SHA256SUMS').sort());
    for (const [path, sum] of listed) expect(sum).toBe(sha256Hex(bytes.get(path) ?? new Uint8Array()));
    expect([...listed.keys()].filter((path) => path.startsWith('data/raw/'))).toHaveLength(3);
  });
});

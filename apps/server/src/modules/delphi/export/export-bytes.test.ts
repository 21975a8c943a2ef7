/**
 * The export files byte for byte (issue 27): a fixture of awkward values exported as CSV and
 * JSON, compared with the files the export wrote before its writers were made fast (kept in
 * __snapshots__/, the same on both dialects once ids and server clock times are named by order
 * of appearance). Batches of 2 and 1,000, with and without reading ahead, must all give them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { answer, delphiCall, ok, startPlaying } from '../delphi-kit';
import { delphi } from '@chi/contract';
import { exportScope } from '../studies/data-scope';
import { writeExport } from './export-writer';

/** Ids and the server's own times (received, started) replaced by `<id 1>`, `<now 1>`… in order of appearance. */
function normalized(text: string): string {
  const names = new Map<string, string>();
  const name = (kind: string) => (found: string) => {
    if (!names.has(found)) names.set(found, `<${kind} ${names.size + 1}>`);
    return names.get(found) ?? found;
  };
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, name('id'))
    .replace(/20[3-9]\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z|202[4-9]-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, name('now'));
}

describe.each(TEST_DIALECTS)('export bytes (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // The server's clock moves on at every reading: records answered within one millisecond (now
    // common, with counts group-committed) would otherwise share a time, and so a name below.
    let last = 0;
    const now = () => new Date((last = Math.max(last + 1, Date.now())));
    t = await createTestApp(dialect, { build: { now } });
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    const flash = await startPlaying(t, 'X-1');
    await answer(t, flash, { response: '=1+2', correctAnswer: '-1', isCorrect: false, rtMs: 400.5, frameIntervalMs: 16.6667 }, 1_700_000_000_000);
    await answer(t, flash, { response: 'a, "quoted"\nline', category: 'Search', attributes: { target: [1, 2], note: 'x,"y"\\ \u2028' } }, 1_700_000_001_000.25);
    await answer(t, flash, { response: '@home\ttab \u0001 é 中 😀', isCorrect: undefined, rtMs: -3.125, anticipation: true, attributes: { deep: { a: null, b: [true, 1.5] } } }, 1_700_086_400_000);
    const quiz = await startPlaying(t, 'X-2', 'QuizTime');
    await answer(t, quiz, { question: 'Capital?', category: 'Humanities', questionIndex: 3, response: 2, correctAnswer: 2 }, 1_700_000_002_000);
    await answer(t, quiz, { question: '+"quoted", question\r\n', category: 'Humanities', questionIndex: 0, response: '-', correctAnswer: '+' }, 1_700_000_003_000);
  });
  afterAll(() => t.close());

  async function generated(format: 'csv' | 'json'): Promise<string> {
    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format }, { session: admin }));
    await t.app.delphiExports?.idle();
    const { files } = await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }));
    const url = files.find((f) => f._id === file._id)?.downloadUrl ?? '';
    const response = await t.app.inject({ method: 'GET', url, headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  async function written(format: 'csv' | 'json', batchSize: number, readAhead: boolean): Promise<string> {
    let text = '';
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    });
    const scope = await exportScope(t.database.db, 'default', 'live');
    const { rows } = await writeExport(t.database.db, { readArrays: t.database.readArrays, output, format, scope, batchSize, readAhead });
    expect(rows).toBe(5);
    return text;
  }

  it.each(['csv', 'json'] as const)('writes the %s file as before, in any batch size, reading ahead or not', async (format) => {
    const file = await generated(format);
    await expect(normalized(file)).toMatchFileSnapshot(`__snapshots__/export-bytes.${format}`);
    for (const [batchSize, readAhead] of [[2, false], [2, true], [1_000, true]] as const) {
      expect(await written(format, batchSize, readAhead), `${batchSize} ${readAhead}`).toBe(file);
    }
  });
});

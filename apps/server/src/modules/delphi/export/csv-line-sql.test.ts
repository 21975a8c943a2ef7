/**
 * The fast CSV path (csv-line-sql.ts) against the one JS formatter (toExportRow + csvLine, with
 * security/csv-cell.ts's formula guard), row by row, on adversarial stored values, both dialects:
 * wherever the database's text is taken it must be the very line the JS formatter writes, and the
 * whole export (fast rows and rows read again) must be the JS formatter's lines in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { startPlaying, answer } from '../delphi-kit';
import { exportScope } from '../studies/data-scope';
import { exclusionState } from '../quality/exclusions';
import { CSV_HEADER } from './export-format';
import { FAST, fastCsvLine, suiteCells } from './csv-line-sql';
import { csvLinesInJs, readBatch, snapshot, suiteColumns, suitesWithEvents, writeExport } from './export-writer';

const TEXTS = ['plain', '', 'a,b', 'say "hi"', 'x\r\ny', 'x\ny', 'x\ry', '=1+2', '+1', '-1', '@a', '\tx', '\rx', "'q", ' lead', 'é 中 😀', '\u2028\u0001', '1e5', 'true'];
const NUMBERS = [0, -0, 412.5, -3.125, 16.6667, 0.0005, -0.0004, 0.0004, 0.1 + 0.2, 1 / 3, 123456.7895, 999_999_999.9995, 999_999_999.999, 1e9, 1e12, 1e21, 2.5e-7, 0.5, 1.5, 2.5, -0.5, Infinity];
const TIMES = [0, -1, -86_400_001.5, 1_700_000_000_000.999, 253_402_300_799_999, 253_402_300_800_000, -62_198_755_200_000];
const INTEGERS = [0, 7, -3, 2_147_483_647];

describe.each(TEST_DIALECTS)('CSV lines written by the database (%s)', (dialect) => {
  let t: TestApp;
  /** Labels of the rows the fast path must take (plain values): the comparison is not vacuous. */
  const mustBeFast = new Set<string>();
  const labels = new Map<number, string>();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const flash = await startPlaying(t, 'X-1');
    await answer(t, flash, { rtMs: 400.5 }, 1_700_000_000_000);
    const quiz = await startPlaying(t, 'X-2', 'QuizTime');
    await answer(t, quiz, { question: 'Q?', questionIndex: 3, response: 2, correctAnswer: 2 }, 1_700_000_002_000);
    const db = t.database.db;
    const base = await db.selectFrom('delphi_responses').selectAll().orderBy('seq').executeTakeFirstOrThrow();
    const { seq: _seq, ...row } = base;
    let n = 0;
    const add = async (label: string, values: Record<string, unknown>, fast = false) => {
      await db.insertInto('delphi_responses').values({ ...row, id: `adv-${n}`, client_id: `adv-${n++}`, ...values } as never).execute();
      const { seq } = await db.selectFrom('delphi_responses').select('seq').where('client_id', '=', `adv-${n - 1}`).executeTakeFirstOrThrow();
      labels.set(Number(seq), label);
      if (fast) mustBeFast.add(label);
    };
    for (const column of ['participant_id', 'round', 'round_id', 'prompt_client_id', 'prompt', 'response', 'correct_answer', 'category', 'received_at', 'modality', 'attributes']) {
      for (const text of TEXTS) await add(`${column}=${JSON.stringify(text)}`, { [column]: text }, ['plain', '', 'é 中 😀', "'q", ' lead', '1e5', 'true'].includes(text));
    }
    for (const column of ['round', 'round_id', 'prompt_client_id', 'response', 'correct_answer', 'category', 'modality']) await add(`${column}=null`, { [column]: null }, true);
    await add('prompt null, question', { prompt: null, question: 'a question' }, true);
    await add('prompt null, question "=x"', { prompt: null, question: '=x' });
    for (const [round, category] of [['VS_2', null], ['SZ_1', null], ['S', null], [null, null], ['XX', null], ['VS_1', 'Own']]) {
      await add(`FlashMatch round ${round} category ${category}`, { game_name: 'FlashMatch', round, category }, true);
    }
    await add('QuizTime without category', { game_name: 'QuizTime', category: null, round: 'SZ_1' }, true);
    for (const column of ['rt_ms', 'frame_interval_ms']) {
      for (const value of NUMBERS) {
        // SQLite stores no NaN; Infinity is stored as such by both.
        await add(`${column}=${value}`, { [column]: value }, Number.isFinite(value) && value >= 0 && value < 1e9);
      }
      await add(`${column}=null`, { [column]: null }, true);
    }
    if (dialect === 'postgres') await add('rt_ms=NaN', { rt_ms: Number.NaN });
    for (const value of INTEGERS) await add(`question_index=${value}`, { question_index: value }, value >= 0);
    for (const column of ['is_correct', 'anticipation']) for (const value of [0, 1, 2, null]) await add(`${column}=${value}`, { [column]: value }, true);
    for (const value of TIMES) {
      await add(`prompted_at=${value}`, { prompted_at: value }, true);
      await add(`responded_at=${value}`, { responded_at: value }, true);
    }
    await add('prompted_at=null', { prompted_at: null }, true);
    // A suite with an exclusion: every row of it is formatted in JS (its `excluded` needs the game).
    await db.insertInto('delphi_exclusion_log').values({
      id: 'ex-1', suite_id: quiz.suite, participant_id: 'X-2', game_name: 'QuizTime', action: 'exclude', reason: 'test', by_account_id: null, by_name: 'T', at: new Date().toISOString(),
    } as never).execute();
  });
  afterAll(() => t.close());

  async function context() {
    const db = t.database.db;
    const scope = await exportScope(db, 'default', 'live');
    const { maxSeq } = await snapshot(db, scope);
    return { scope, maxSeq, suites: await suiteColumns(db, scope), eventSuites: await suitesWithEvents(db, scope), exclusions: await exclusionState(db), readArrays: t.database.readArrays };
  }

  it('takes the database text only where it is the JS formatter line, for every adversarial value', async () => {
    const options = await context();
    const fast = await readBatch(t.database.db, options.readArrays, options.scope, options.eventSuites, { after: 0, limit: 10_000 }, options.maxSeq, undefined, true);
    const js = await csvLinesInJs(t.database.db, options, fast.map((values) => Number(values[FAST.seq])));
    const statuses = new Map((await t.database.db.selectFrom('delphi_games').select(['id', 'status']).execute()).map((g) => [g.id, g.status]));
    const taken: string[] = [];
    for (const values of fast) {
      const seq = Number(values[FAST.seq]);
      const suiteId = values[FAST.suite] as string;
      const line = options.exclusions.touches(suiteId) ? null : fastCsvLine(values, suiteCells(options.suites.get(suiteId)), statuses.get(values[FAST.game] as string) ?? null);
      if (line !== null) {
        expect(line, labels.get(seq) ?? String(seq)).toBe(js.get(seq));
        taken.push(labels.get(seq) ?? String(seq));
      }
    }
    expect(labels.size).toBeGreaterThan(250);
    expect([...mustBeFast].filter((label) => !taken.includes(label))).toEqual([]);
  });

  it('writes the whole export as the JS formatter lines in order, in any batch size', async () => {
    const options = await context();
    const seqs = (await t.database.db.selectFrom('delphi_responses').select('seq').orderBy('seq').execute()).map((r) => Number(r.seq));
    const js = await csvLinesInJs(t.database.db, options, seqs);
    const expected = CSV_HEADER + seqs.map((seq) => js.get(seq)).join('');
    for (const batchSize of [3, 1_000]) {
      let text = '';
      const output = new Writable({
        write(chunk: Buffer, _encoding, done) {
          text += chunk.toString('utf8');
          done();
        },
      });
      await writeExport(t.database.db, { readArrays: t.database.readArrays, output, format: 'csv', scope: options.scope, batchSize, readAhead: dialect === 'postgres' });
      expect(text).toBe(expected);
    }
    // The excluded game's rows say so.
    expect(expected).toContain(',true,');
  });
});

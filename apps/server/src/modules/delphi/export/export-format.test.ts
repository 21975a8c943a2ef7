import { describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { CSV_HEADER, categoryOf, csvCell, csvLine, emptyExportRow, isoTime, jsonObject, jsonString, ms3, toExportRow } from './export-format';
import type { ExportRow, RawExportRow } from './export-format';

describe('export format', () => {
  it('writes the header columns exactly, CRLF-terminated', () => {
    expect(CSV_HEADER).toBe(
      'participantId,suiteId,study,studyVersion,run,game,gameId,round,roundId,promptId,prompt,response,correctAnswer,isCorrect,promptedAt,respondedAt,rtMs,anticipation,frameIntervalMs,category,questionIndex,receivedAt,modality,gameStatus,excluded,attentionEvents,hiddenMs,attributes\r\n',
    );
  });

  it('quotes as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(412.25)).toBe('412.25');
  });

  it('guards text cells against formula injection, not numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-3)).toBe('-3');
    // An anticipation's signed time stays a number, not text.
    expect(csvCell(ms3(-1.25))).toBe('-1.25');
  });

  it('writes a row and a JSON object in column order', () => {
    const row = Object.fromEntries(delphi.EXPORT_COLUMNS.map((c, i) => [c, `v${i}`])) as ExportRow;
    expect(csvLine(row)).toBe(`${delphi.EXPORT_COLUMNS.map((_c, i) => `v${i}`).join(',')}\r\n`);
    expect(Object.keys(JSON.parse(jsonObject({ ...row, rtMs: 1 })) as object)).toEqual([...delphi.EXPORT_COLUMNS]);
  });

  it("exports the response's attributes: a JSON object in JSON, its quoted JSON text in CSV", () => {
    const row = { ...Object.fromEntries(delphi.EXPORT_COLUMNS.map((c) => [c, null])), attributes: '{"cell":[1,2],"word":"a,b"}' } as ExportRow;
    expect((JSON.parse(jsonObject(row)) as { attributes: unknown }).attributes).toEqual({ cell: [1, 2], word: 'a,b' });
    expect(csvLine(row).endsWith(',"{""cell"":[1,2],""word"":""a,b""}"\r\n')).toBe(true);
  });

  it('prints times with at most 3 decimals, not binary float noise (issue 18)', () => {
    expect(ms3(430.199951171875)).toBe(430.2);
    expect(ms3('512.123456')).toBe(512.123);
    expect(ms3(null)).toBeNull();
    expect(csvCell(ms3(430.199951171875))).toBe('430.2');
  });

  it('names Flash Match rows by their task when the client sent no category (issue 18)', () => {
    expect(categoryOf({ category: null, game_name: 'FlashMatch', round: 'SZ_2' })).toBe('Search');
    expect(categoryOf({ category: null, game_name: 'FlashMatch', round: 'VS_1' })).toBe('Comparison');
    expect(categoryOf({ category: 'History', game_name: 'QuizTime', round: 'History' })).toBe('History');
    expect(categoryOf({ category: null, game_name: 'QuizTime', round: null })).toBeNull();
  });

  it('carries the modality and the game status into the row', () => {
    const raw: RawExportRow = {
      seq: 1, participant_id: 'p', suite_id: 's', game_name: 'FlashMatch', game_id: 'g', round: 'SZ_1', round_id: 'r',
      prompt_client_id: 'c', prompt: '3', question: null, response: 'ArrowRight', correct_answer: 'ArrowRight', is_correct: 1,
      prompted_at: 1_700_000_000_000.5, responded_at: 1_700_000_000_430.7, rt_ms: '430.199951171875', anticipation: 0,
      frame_interval_ms: '16.66699981689453', category: null,
      question_index: 0, received_at: '2026-11-23T00:00:00.000Z', modality: 'touch', game_status: 'interrupted',
      attributes: '{"block":1}',
    };
    expect(toExportRow(raw)).toMatchObject({ rtMs: 430.2, anticipation: false, frameIntervalMs: 16.667, category: 'Search', modality: 'touch', gameStatus: 'interrupted', attributes: '{"block":1}' });
  });

  it('writes times exactly as Date.toISOString does, across days, fractions and the years Date writes differently', () => {
    const times = [
      0, -0, 0.999, 1_700_000_000_000.25, 1_700_000_000_430.7, 1_700_006_399_999, 1_700_006_400_000, 1_699_999_999_999.9,
      86_399_999, 86_400_000, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10_000, 0, 1),
      -1, -86_400_001.5, 8.64e15,
    ];
    for (let i = 0; i < 2_000; i++) times.push(1_690_000_000_000 + i * 7_777_777.123);
    for (const ms of times) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString());
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });

  it('fills one reused row with every column of each response, leaving nothing of the one before', () => {
    const raw = (over: Partial<RawExportRow>): RawExportRow => ({
      seq: 1, participant_id: 'p', suite_id: 's', game_name: 'QuizTime', game_id: 'g', round: 'History', round_id: 'r',
      prompt_client_id: 'c', prompt: 'Q?', question: null, response: 'A', correct_answer: 'A', is_correct: 1,
      prompted_at: 1_700_000_000_000, responded_at: 1_700_000_000_500, rt_ms: 500, anticipation: 1, frame_interval_ms: 16,
      category: 'History', question_index: 2, received_at: '2026-11-23T00:00:00.000Z', modality: 'mouse', game_status: 'ended',
      attributes: '{}', attention_events: 1, hidden_ms: 20.4, ...over,
    });
    const second = raw({ prompt: null, question: 'Asked?', is_correct: null, prompted_at: null, rt_ms: null, anticipation: null, frame_interval_ms: null, category: null, question_index: null, modality: null, attention_events: null, hidden_ms: null });
    const row = emptyExportRow();
    toExportRow(raw({}), true, row);
    expect(toExportRow(second, false, row)).toBe(row);
    expect(row).toEqual(toExportRow(second));
    expect(Object.keys(row)).toEqual([...delphi.EXPORT_COLUMNS]);
    expect(csvLine(row)).toBe(csvLine(toExportRow(second)));
  });

  it('writes each JSON object as JSON.stringify would, with the stored attributes spliced in', () => {
    const base = emptyExportRow();
    const rows = [
      base,
      { ...base, participantId: 'p"1\\', prompt: 'line\nbreak \u2028 é', rtMs: 430.199, isCorrect: true, excluded: false, hiddenMs: 0, attributes: '{"a":[1,"x"]}' },
      { ...base, rtMs: Number.NaN, frameIntervalMs: Number.POSITIVE_INFINITY, questionIndex: -0, attributes: 'not an object' },
    ];
    for (const row of rows) {
      const { attributes, ...rest } = row;
      const spliced = typeof attributes === 'string' && attributes.startsWith('{') ? attributes : JSON.stringify(attributes);
      expect(jsonObject(row)).toBe(`${JSON.stringify(rest).slice(0, -1)},"attributes":${spliced}}`);
    }
  });

  it('quotes and escapes strings exactly as JSON.stringify does, for every UTF-16 code unit', () => {
    const texts = ['', 'plain', '00000000-0000-4000-8000-000000000007', '2026-11-23T00:00:00.000Z', 'é ü 中文 😀', '\u2028\u2029', 'a"b', 'back\\slash', '/', '\u007f', '\ud83d', 'x\ude00', '\ude00\ud83d'];
    for (let unit = 0; unit < 0x1_0000; unit++) texts.push(`a${String.fromCharCode(unit)}b`, String.fromCharCode(unit));
    expect(texts.filter((text) => jsonString(text) !== JSON.stringify(text))).toEqual([]);
  });
});

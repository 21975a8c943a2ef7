import { describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { CSV_HEADER, csvCell, csvLine, jsonObject } from './export-format';
import type { ExportRow } from './export-format';

describe('export format', () => {
  it('writes the header columns exactly, CRLF-terminated', () => {
    expect(CSV_HEADER).toBe(
      'participantId,suiteId,game,gameId,round,roundId,promptId,prompt,response,correctAnswer,isCorrect,promptedAt,respondedAt,rtMs,category,questionIndex,receivedAt\r\n',
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
  });

  it('writes a row and a JSON object in column order', () => {
    const row = Object.fromEntries(delphi.EXPORT_COLUMNS.map((c, i) => [c, `v${i}`])) as ExportRow;
    expect(csvLine(row)).toBe(`${delphi.EXPORT_COLUMNS.map((_c, i) => `v${i}`).join(',')}\r\n`);
    expect(Object.keys(JSON.parse(jsonObject({ ...row, rtMs: 1 })) as object)).toEqual([...delphi.EXPORT_COLUMNS]);
  });
});

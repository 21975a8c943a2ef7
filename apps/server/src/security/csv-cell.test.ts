import { describe, expect, it } from 'vitest';
import { csvLineWriter, csvRow, csvText } from './csv-cell';

describe('the one CSV writer', () => {
  it('writes a fixed column list as lines, cell for cell what csvRow writes, CRLF-ended', () => {
    const { header, line } = csvLineWriter(['id', 'note', 'rt', 'ok', 'empty'] as const);
    expect(header).toBe('id,note,rt,ok,empty\r\n');
    const record = { id: 'p1', note: '=SUM(A1), "quoted"\nline', rt: -412.5, ok: false, empty: null };
    expect(line(record)).toBe(`${csvRow(['p1', '=SUM(A1), "quoted"\nline', -412.5, false, null])}\r\n`);
    expect(line(record)).toBe(`p1,"'=SUM(A1), ""quoted""\nline",-412.5,false,\r\n`);
  });

  it('reads the columns in their order, whatever order the record was built in', () => {
    const { line } = csvLineWriter(['b', 'a'] as const);
    expect(line({ a: '1', b: '2' })).toBe('2,1\r\n');
  });

  it('takes a column name as a name only, never as code', () => {
    const odd = `x"]) + process.exit(1) + (r["`;
    const { header, line } = csvLineWriter([odd, 'y'] as const);
    expect(header).toBe(`"x""]) + process.exit(1) + (r[""",y\r\n`);
    expect(line({ [odd]: 'v', y: 'w' } as Record<typeof odd | 'y', string>)).toBe('v,w\r\n');
  });

  it('refuses an empty column list', () => {
    expect(() => csvLineWriter([])).toThrow('at least one column');
  });

  it('writes a whole text with the header through the same cell writer', () => {
    expect(csvText(['a', 'b'], [['-1', 2]])).toBe("a,b\r\n'-1,2\r\n");
  });
});

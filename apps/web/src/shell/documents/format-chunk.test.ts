import { describe, expect, it } from 'vitest';
import { chunkFromDocument, formatChunk } from './format-chunk';

describe('formatChunk', () => {
  it('pretty-prints a chunk of a .json file', () => {
    expect(formatChunk({ text: '{"a":1,"b":[true,null]}', filename: 'data.json' })).toEqual({
      kind: 'json',
      text: '{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}',
    });
  });

  it('recognises the extension whatever its case', () => {
    expect(formatChunk({ text: '[1]', filename: 'DATA.JSON' }).kind).toBe('json');
  });

  it('shows a fragment that does not parse as text, unchanged', () => {
    expect(formatChunk({ text: '"a": 1, "b":', filename: 'data.json' })).toEqual({ kind: 'text', text: '"a": 1, "b":' });
  });

  it('never parses chunks of other files', () => {
    expect(formatChunk({ text: '{"a":1}', filename: 'notes.txt' })).toEqual({ kind: 'text', text: '{"a":1}' });
    expect(formatChunk({ text: '{"a":1}', filename: undefined })).toEqual({ kind: 'text', text: '{"a":1}' });
    expect(formatChunk({ text: '{"a":1}', filename: 'json' }).kind).toBe('text');
  });
});

describe('chunkFromDocument', () => {
  it('reads text, index and filename', () => {
    expect(chunkFromDocument({ text: 't', index: 3, filename: 'f.json' })).toEqual({ text: 't', index: 3, filename: 'f.json' });
    expect(chunkFromDocument({ text: 't', index: '2' })).toEqual({ text: 't', index: 2, filename: undefined });
  });

  it('answers undefined without text', () => {
    expect(chunkFromDocument({ index: 1 })).toBeUndefined();
  });
});

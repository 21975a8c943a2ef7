import { describe, expect, it } from 'vitest';
import { attributesToText, parseAttributes } from './attributes';

describe('file attributes as text', () => {
  it('reads name: value lines, keeping numbers and true/false as such', () => {
    expect(parseAttributes('topic: holidays\nyear: 2026\n\nreviewed: true\nnote: a: b\nempty:')).toEqual({
      ok: true,
      attributes: { topic: 'holidays', year: 2026, reviewed: true, note: 'a: b', empty: null },
    });
  });

  it('names the first line without a name', () => {
    expect(parseAttributes('topic: x\njust text')).toEqual({ ok: false, line: 2 });
    expect(parseAttributes(': nameless')).toEqual({ ok: false, line: 1 });
  });

  it('writes what it reads back unchanged', () => {
    const attributes = { topic: 'holidays', year: 2026, reviewed: false, empty: null };
    expect(parseAttributes(attributesToText(attributes))).toEqual({ ok: true, attributes });
  });
});

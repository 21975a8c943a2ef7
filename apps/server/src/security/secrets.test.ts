import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomSecret, sha256Hex } from './secrets';

describe('sha256Hex', () => {
  it('is the sha256 of the UTF-8 text, as a stored key hash was written before (createHash)', () => {
    const values = ['', 'a', randomSecret(), 'ø-æ-å', 'Bruttonationalprodukt 🎯', '\u2028', 'lone \ud800 surrogate', 'x'.repeat(10_000)];
    for (const value of values) expect(sha256Hex(value)).toBe(createHash('sha256').update(value, 'utf8').digest('hex'));
  });
});

/** What a batch import accepts from an upload: zips unpacked, junk entries skipped, limits checked before inflating. */
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { unpack, UnpackError } from './unpack';

const limits = { maxFileBytes: 1_000, maxFiles: 3, maxTotalBytes: 2_000 };
const zip = (files: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));

function refusal(run: () => unknown): UnpackError {
  try {
    run();
  } catch (error) {
    if (error instanceof UnpackError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('unpack', () => {
  it('unpacks a zip by name and signature, keeps file names only, and skips folders, dot files and resource forks', () => {
    const files = unpack([{ name: 'batch.zip', content: zip({ 'a/b/one.md': '# One', '.hidden': 'x', '__MACOSX/._one.md': 'x', 'two.txt': 'Two' }) }, { name: 'three.txt', content: Buffer.from('Three') }], limits);
    expect(files.map((f) => [f.name, f.content.toString()])).toEqual([['one.md', '# One'], ['two.txt', 'Two'], ['three.txt', 'Three']]);
    // A .docx is a zip too, but it is a document, not a batch.
    expect(unpack([{ name: 'report.docx', content: zip({ 'word/document.xml': '<w/>' }) }], limits).map((f) => f.name)).toEqual(['report.docx']);
  });

  it('refuses a zip whose entries are too many or too large before inflating them, and a broken zip', () => {
    expect(refusal(() => unpack([{ name: 'many.zip', content: zip({ a: '1', b: '2', c: '3', d: '4' }) }], limits)).code).toBe(413);
    const big = refusal(() => unpack([{ name: 'big.zip', content: zip({ 'big.txt': 'x'.repeat(1_001) }) }], limits));
    expect([big.code, big.message]).toEqual([413, 'big.zip: big.txt is larger than 0 MB']);
    expect(refusal(() => unpack([{ name: 'total.zip', content: zip({ a: 'x'.repeat(900), b: 'x'.repeat(900), c: 'x'.repeat(900) }) }], limits)).code).toBe(413);
    expect(refusal(() => unpack([{ name: 'broken.zip', content: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('garbage')]) }], limits)).code).toBe(400);
    expect(refusal(() => unpack([{ name: 'empty.zip', content: zip({ 'folder/': '' }) }], limits)).code).toBe(400);
    expect(refusal(() => unpack([{ name: 'plain.txt', content: Buffer.from('x'.repeat(1_001)) }], limits)).code).toBe(413);
  });
});

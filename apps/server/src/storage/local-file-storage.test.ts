/** The local storage: keys map under its folder only, writes and renames are whole. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKey } from './file-storage';
import { LocalFileStorage } from './local-file-storage';

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'chi-storage-test-'));
    storage = new LocalFileStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts, stats, reads, renames and deletes by key, creating folders as needed', async () => {
    await storage.put('uploads/app/a.png', Buffer.from('png bytes'));
    expect(await storage.stat('uploads/app/a.png')).toEqual({ size: 9 });
    expect(await readFile(join(root, 'uploads', 'app', 'a.png'), 'utf8')).toBe('png bytes');
    const stream = await storage.openRead('uploads/app/a.png');
    expect(stream && (await text(stream))).toBe('png bytes');
    await expect(storage.put('uploads/app/a.png', Buffer.from('again'), { exclusive: true })).rejects.toThrow();

    const out = await storage.openWrite('exports/x.csv.1.part');
    out.end('a,b\r\n');
    await finished(out);
    await storage.rename('exports/x.csv.1.part', 'exports/x.csv');
    expect(await storage.stat('exports/x.csv.1.part')).toBeUndefined();
    expect(await storage.stat('exports/x.csv')).toEqual({ size: 5 });

    await storage.delete('exports/x.csv');
    await storage.delete('exports/x.csv');
    expect(await storage.stat('exports/x.csv')).toBeUndefined();
    expect(await storage.openRead('exports/x.csv')).toBeUndefined();
    expect(await storage.stat('nothing/here')).toBeUndefined();
  });

  it('writes with the buffer a bulk writer asks for, the same bytes as with the default', async () => {
    const pieces = Array.from({ length: 200 }, (_, i) => `${i},${'x'.repeat(i * 37)},é😀\r\n`);
    const sizes: number[] = [];
    for (const [key, options] of [['exports/default.part', undefined], ['exports/large.part', { bufferBytes: 1 << 20 }]] as const) {
      const out = await storage.openWrite(key, options);
      sizes.push(out.writableHighWaterMark);
      for (const piece of pieces) if (!out.write(piece)) await new Promise((resolve) => out.once('drain', resolve));
      out.end();
      await finished(out);
    }
    expect(sizes).toEqual([16 * 1024, 1 << 20]);
    const expected = pieces.join('');
    expect(await readFile(join(root, 'exports', 'default.part'), 'utf8')).toBe(expected);
    expect(await readFile(join(root, 'exports', 'large.part'), 'utf8')).toBe(expected);
  });

  it.each(['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a/../b', 'a\\b', '', '.hidden'])('refuses the key %j', async (key) => {
    await expect(storage.stat(key)).rejects.toThrow('invalid storage key');
    expect(() => storageKey(...key.split('/'))).toThrow('invalid storage key');
  });
});

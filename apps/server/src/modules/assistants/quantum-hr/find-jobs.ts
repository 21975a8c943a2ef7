/**
 * Find jobs by skills (issue 16 part 2, ADR 029), on the assistants' one full-text index
 * (retrieval.ts `searchChunks`; no second search engine):
 * 1. the asked skills S: the tags given, plus every known skill (from the postings' `Skills`
 *    lists) that a pasted CV mentions;
 * 2. for each skill s, the store's chunks retrieved for s; a posting *matches* s when one of
 *    them contains s as a phrase (word boundaries, case-insensitive; bm25 alone would let
 *    "machine" match "machine learning");
 * 3. each skill weighs w(s) = ln(1 + N / max(1, df(s))), N the postings, df(s) the postings
 *    matching s: a skill every posting asks for tells little, a rare one much;
 * 4. score(job) = Σ w(s) over the skills it matches / Σ w(s) over all asked skills (0-1),
 *    ties broken by the summed retrieval scores of its best chunk per matched skill, then title;
 * 5. the references: the job's chunks that contain matched skills, most skills first (≤ 3).
 * A CV with no known skill falls back to ranking by the CV's own retrieval score.
 */
import type { Kysely } from 'kysely';
import type { quantumHr } from '@chi/contract';
import type { DatabaseSchema } from '../../../db/schema';
import type { Dialect } from '../../../db/database';
import { queryTerms, searchChunks } from '../../retrieval/retrieval';
import type { RetrievedChunk } from '../../retrieval/retrieval';

type Db = Kysely<DatabaseSchema>;

/** Chunks retrieved per skill: far above the postings one search can usefully rank. */
const PER_SKILL = 200;
const REFERENCES_PER_JOB = 3;
const SKILL_HEADING = /^(skills|required skills|requirements|qualifications|kompetencer|kvalifikationer)\b/i;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the text mentions the skill as a phrase (not as part of a longer word). */
export function mentions(text: string, skill: string): boolean {
  const words = skill.trim().split(/\s+/).map(escape).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

function canonical(skill: string): string {
  return skill.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The skills the postings ask for (their `Skills` lists), most asked first, with how many postings ask. */
export async function skillVocabulary(db: Db, storeId: string): Promise<{ name: string; postings: number }[]> {
  const rows = await db.selectFrom('assistant_chunks').select(['file_id', 'heading', 'text']).where('vector_store_id', '=', storeId).where('heading', 'is not', null).execute();
  const byKey = new Map<string, { name: string; files: Set<string> }>();
  for (const row of rows) {
    if (!SKILL_HEADING.test(row.heading ?? '')) continue;
    for (const line of row.text.split('\n')) {
      const item = /^\s*[-*•]\s+(.+?)[\s.;,]*$/.exec(line)?.[1];
      if (!item || item.length > 80) continue;
      const key = canonical(item);
      const entry = byKey.get(key) ?? { name: item.trim(), files: new Set<string>() };
      entry.files.add(row.file_id);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].map((e) => ({ name: e.name, postings: e.files.size })).sort((a, b) => b.postings - a.postings || a.name.localeCompare(b.name));
}

export interface FindJobsInput {
  readonly skills: readonly string[];
  readonly cv?: string | undefined;
  readonly limit: number;
}

/** The skills asked: the tags (first spelling wins) and the known skills a CV mentions. */
export function askedSkills(input: FindJobsInput, vocabulary: readonly { name: string }[]): string[] {
  const out = new Map<string, string>();
  for (const skill of input.skills) if (!out.has(canonical(skill))) out.set(canonical(skill), skill.trim().replace(/\s+/g, ' '));
  const cv = input.cv?.trim() ?? '';
  if (cv !== '') for (const { name } of vocabulary) if (!out.has(canonical(name)) && mentions(cv, name)) out.set(canonical(name), name);
  return [...out.values()];
}

interface Candidate {
  readonly fileId: string;
  readonly matched: Map<string, RetrievedChunk>;
  readonly chunks: Map<number, { chunk: RetrievedChunk; skills: Set<string> }>;
  tieBreak: number;
}

async function describeFiles(db: Db, fileIds: readonly string[]) {
  if (fileIds.length === 0) return new Map<string, { name: string; title: string; version: number; hash: string }>();
  const rows = await db
    .selectFrom('assistant_files as f')
    .innerJoin('assistant_file_versions as v', 'v.id', 'f.current_version_id')
    .leftJoin('assistant_chunks as c', (join) => join.onRef('c.file_id', '=', 'f.id').on('c.chunk_index', '=', 0))
    .select(['f.id', 'f.name', 'v.version', 'v.content_hash', 'c.heading'])
    .where('f.id', 'in', [...fileIds])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, title: r.heading ?? r.name.replace(/\.[A-Za-z0-9]+$/, ''), version: Number(r.version), hash: r.content_hash }]));
}

/**
 * The store's chunks for one skill. A skill the full-text index cannot search for, a single
 * letter like "R" or "C" (queries keep words of two characters and more), is looked for in the
 * chunks' text instead (issue 25 item 23: a CV naming R showed R as "Not mentioned").
 */
async function chunksForSkill(db: Db, dialect: Dialect, storeId: string, skill: string): Promise<RetrievedChunk[]> {
  if (queryTerms(skill).some((term) => term.length > 1 || /\d/.test(term))) return searchChunks(db, dialect, storeId, skill, PER_SKILL);
  const rows = await db
    .selectFrom('assistant_chunks')
    .select(['id', 'file_id', 'version_id', 'chunk_index', 'heading', 'text', 'page', 'start_offset', 'end_offset'])
    .where('vector_store_id', '=', storeId)
    .where((eb) => eb(eb.fn('lower', ['text']), 'like', `%${skill.trim().toLowerCase().replace(/[%_\\]/g, '')}%`))
    .orderBy('id')
    .limit(PER_SKILL * 5)
    .execute();
  return rows
    .filter((row) => mentions(row.text, skill))
    .slice(0, PER_SKILL)
    .map((row) => ({ id: Number(row.id), fileId: row.file_id, versionId: row.version_id, chunkIndex: Number(row.chunk_index), heading: row.heading, text: row.text, page: row.page === null ? null : Number(row.page), start: Number(row.start_offset), end: Number(row.end_offset), score: 1 }));
}

async function postingsCount(db: Db, storeId: string): Promise<number> {
  const row = await db.selectFrom('assistant_chunks').select((eb) => eb.fn.count<number | string>('file_id').distinct().as('n')).where('vector_store_id', '=', storeId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findJobs(db: Db, dialect: Dialect, storeId: string, input: FindJobsInput): Promise<{ skills: string[]; jobs: quantumHr.JobMatch[] }> {
  const vocabulary = input.cv ? await skillVocabulary(db, storeId) : [];
  const skills = askedSkills(input, vocabulary);
  const candidates = new Map<string, Candidate>();
  const candidate = (fileId: string) => {
    let c = candidates.get(fileId);
    if (!c) {
      c = { fileId, matched: new Map(), chunks: new Map(), tieBreak: 0 };
      candidates.set(fileId, c);
    }
    return c;
  };
  const df = new Map<string, number>();

  if (skills.length === 0) {
    // A CV naming no known skill: rank postings by how well the CV itself retrieves them.
    for (const chunk of await searchChunks(db, dialect, storeId, input.cv ?? '', PER_SKILL)) {
      const c = candidate(chunk.fileId);
      c.tieBreak = Math.max(c.tieBreak, chunk.score);
      if (c.chunks.size < REFERENCES_PER_JOB) c.chunks.set(chunk.id, { chunk, skills: new Set() });
    }
  }
  for (const skill of skills) {
    const matchedFiles = new Set<string>();
    for (const chunk of await chunksForSkill(db, dialect, storeId, skill)) {
      if (!mentions(chunk.text, skill)) continue;
      const c = candidate(chunk.fileId);
      const best = c.matched.get(skill);
      if (!best || chunk.score > best.score) c.matched.set(skill, chunk);
      const entry = c.chunks.get(chunk.id) ?? { chunk, skills: new Set<string>() };
      entry.skills.add(skill);
      c.chunks.set(chunk.id, entry);
      matchedFiles.add(chunk.fileId);
    }
    df.set(skill, matchedFiles.size);
  }

  const n = skills.length > 0 ? await postingsCount(db, storeId) : 0;
  const weight = (skill: string) => Math.log(1 + n / Math.max(1, df.get(skill) ?? 0));
  const total = skills.reduce((sum, s) => sum + weight(s), 0);
  const maxTie = Math.max(1e-9, ...[...candidates.values()].map((c) => c.tieBreak));
  const scored = [...candidates.values()].map((c) => {
    if (skills.length > 0) c.tieBreak = [...c.matched.values()].reduce((sum, chunk) => sum + chunk.score, 0);
    const score = skills.length > 0 ? [...c.matched.keys()].reduce((sum, s) => sum + weight(s), 0) / (total || 1) : c.tieBreak / maxTie;
    return { c, score };
  });
  const files = await describeFiles(db, scored.map((s) => s.c.fileId));
  scored.sort((a, b) => b.score - a.score || b.c.tieBreak - a.c.tieBreak || (files.get(a.c.fileId)?.title ?? '').localeCompare(files.get(b.c.fileId)?.title ?? ''));

  const jobs = scored.slice(0, input.limit).flatMap(({ c, score }): quantumHr.JobMatch[] => {
    const file = files.get(c.fileId);
    if (!file) return [];
    const passages = [...c.chunks.values()].sort((a, b) => b.skills.size - a.skills.size || b.chunk.score - a.chunk.score).slice(0, REFERENCES_PER_JOB);
    return [
      {
        fileId: c.fileId,
        title: file.title,
        fileName: file.name,
        score: Math.round(score * 1000) / 1000,
        matchedSkills: skills.filter((s) => c.matched.has(s)),
        missingSkills: skills.filter((s) => !c.matched.has(s)),
        references: passages.map(({ chunk, skills: found }, i) => ({
          n: i + 1,
          fileId: c.fileId,
          versionId: chunk.versionId,
          version: file.version,
          contentHash: file.hash,
          fileName: file.name,
          chunkIndex: chunk.chunkIndex,
          page: chunk.page,
          start: chunk.start,
          end: chunk.end,
          score: chunk.score,
          text: chunk.text,
          skills: skills.filter((s) => found.has(s)),
        })),
      },
    ];
  });
  return { skills, jobs };
}

/**
 * Retrieval that reads the thread (issue 25 item 20, ADR 053): "And what is his phone number?"
 * is about the person of the previous question, not about any phone number.
 * - With a language model: the model condenses the thread and the follow-up into one standalone
 *   question, and that is searched (if the model fails, as without one).
 * - Without one: the question is searched, and so is the previous question; a chunk's score is
 *   its share of the best score for this question plus PREVIOUS_WEIGHT times its share for the
 *   previous one. Only chunks that match this question take part (unless none does), so the
 *   previous question tips the balance between this question's matches and never fills the
 *   answer with its own passages.
 */
import type { RetrievedChunk } from '../../retrieval/retrieval';
import type { ChatMessage } from './provider';

/** The previous question counts this much against the question itself. */
export const PREVIOUS_WEIGHT = 0.5;
/** Chunks taken from each search before the two are combined. */
const CANDIDATES = 50;

export type Search = (query: string, limit: number) => Promise<RetrievedChunk[]>;

/** The last question the user asked before this one, if any. */
export function previousQuestion(history: readonly ChatMessage[], question: string): string | null {
  const asked = history.filter((m) => m.role === 'user').map((m) => m.content);
  if (asked.at(-1) === question) asked.pop();
  return asked.at(-1) ?? null;
}

function shares(chunks: readonly RetrievedChunk[]): Map<number, number> {
  const best = Math.max(...chunks.map((c) => c.score), 0);
  return new Map(chunks.map((c) => [c.id, best > 0 ? c.score / best : 0]));
}

/** This question's matches, re-ranked with the previous question's terms at a lower weight. */
export async function searchFollowUp(search: Search, question: string, previous: string | null, limit: number): Promise<RetrievedChunk[]> {
  if (previous === null) return search(question, limit);
  const [now, before] = await Promise.all([search(question, Math.max(limit, CANDIDATES)), search(previous, CANDIDATES)]);
  const pool = now.length > 0 ? now : before;
  const current = shares(now);
  const earlier = shares(before);
  return pool
    .map((chunk, i) => ({ chunk, i, score: (current.get(chunk.id) ?? 0) + PREVIOUS_WEIGHT * (earlier.get(chunk.id) ?? 0) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map(({ chunk, score }) => ({ ...chunk, score }));
}

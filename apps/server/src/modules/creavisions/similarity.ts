/**
 * The visible similarity of a search result (ADR 030): the share of content words a query and
 * an entry have in common, as the Otsuka–Ochiai coefficient |Q ∩ E| / √(|Q|·|E|) over their
 * distinct words, 0–100. Words come from the retrieval module's own tokenizer (letters and
 * digits, function words dropped); two words match when equal or when one extends the other
 * by a short ending ("garden"/"gardens", "plant"/"planting"), close to what the index's
 * stemmer matched. The ranking itself stays the index's (bm25 / ts_rank).
 */
import { creavisions } from '@chi/contract';
import { queryTerms } from '../retrieval/retrieval';

const { sameWord } = creavisions;

/** Every distinct content word (the tokenizer caps a query's terms; an entry's are not capped). */
export function contentWords(text: string): string[] {
  const words: string[] = [];
  const seen = new Set<string>();
  // queryTerms caps at its query limit, so split long text into pieces first.
  const pieces = text.match(/(?:\S+\s*){1,30}/g) ?? [];
  for (const piece of pieces) {
    for (const word of queryTerms(piece)) {
      if (!seen.has(word)) {
        seen.add(word);
        words.push(word);
      }
    }
  }
  return words;
}

export function similarity(queryWords: readonly string[], entryWords: readonly string[]): { percent: number; matched: string[] } {
  if (queryWords.length === 0 || entryWords.length === 0) return { percent: 0, matched: [] };
  const matched = queryWords.filter((q) => entryWords.some((e) => sameWord(q, e)));
  const percent = Math.round((100 * matched.length) / Math.sqrt(queryWords.length * entryWords.length));
  return { percent: Math.min(100, percent), matched };
}

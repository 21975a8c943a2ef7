/**
 * Markers → references (issue 14): the server assigned `[n]` to each retrieved passage; after
 * the answer is complete every marker is checked against that map. A marker with no passage
 * (a model's invention, an off-by-one) is removed from the text before the message is saved,
 * and only passages actually cited become the message's references, with the text as cited.
 */
import type { assistants } from '@chi/contract';

const MARKER = /\[(\d{1,3})\]/g;

export interface Citations {
  readonly content: string;
  readonly references: assistants.Reference[];
}

export function resolveCitations(answer: string, candidates: readonly assistants.Reference[]): Citations {
  const byN = new Map(candidates.map((ref) => [ref.n, ref]));
  const cited = new Set<number>();
  const content = answer
    .replace(MARKER, (whole, digits: string) => {
      const n = Number(digits);
      if (!byN.has(n)) return '';
      cited.add(n);
      return whole;
    })
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ');
  return { content, references: candidates.filter((ref) => cited.has(ref.n)) };
}

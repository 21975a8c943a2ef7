/**
 * The default without a model (issue 14): an honest extractive answer. It says that no
 * language model is configured and quotes the best-matching sentences of the retrieved
 * passages, each with its `[n]` marker, so every word shown comes from a cited document.
 */
import { queryTerms } from '../../retrieval/retrieval';
import type { AnswerProvider, AnswerRequest } from './provider';
import { cutAtWord, sentencesOf } from './sentences';

const TEXT = {
  en: {
    intro: 'No language model is configured on this server, so this is not a written answer. These are the passages from the assistant’s documents that best match your question:',
    none: 'No language model is configured on this server, and no passage in the assistant’s documents matches your question. Try other words, or ask the assistant’s owner to add documents.',
  },
  dk: {
    intro: 'Der er ingen sprogmodel sat op på denne server, så dette er ikke et skrevet svar. Her er de passager fra assistentens dokumenter, der passer bedst til dit spørgsmål:',
    none: 'Der er ingen sprogmodel sat op på denne server, og ingen passage i assistentens dokumenter passer til dit spørgsmål. Prøv med andre ord, eller bed assistentens ejer om at tilføje dokumenter.',
  },
} as const;

const QUOTE_MAX_CHARS = 600;

/** The passage's sentences that share most words with the question, in their order, up to a length. */
export function bestExcerpt(text: string, question: string): string {
  const terms = new Set(queryTerms(question));
  // Whole sentences only: headings and list markers are the chunk's structure, not what it says (issue 25).
  const found = sentencesOf(text);
  const sentences = found.length > 0 ? found : [text.replace(/\s+/g, ' ').trim()];
  const scored = sentences.map((sentence, i) => ({ i, sentence, hits: queryTerms(sentence).filter((t) => terms.has(t)).length }));
  const chosen = [...scored].sort((a, b) => b.hits - a.hits || a.i - b.i);
  const picked: typeof scored = [];
  let length = 0;
  for (const candidate of chosen) {
    if (candidate.sentence === '') continue;
    if (picked.length > 0 && (candidate.hits === 0 || length + candidate.sentence.length > QUOTE_MAX_CHARS)) continue;
    picked.push(candidate);
    length += candidate.sentence.length;
    if (length >= QUOTE_MAX_CHARS) break;
  }
  const ordered = picked.sort((a, b) => a.i - b.i);
  // Neighbouring sentences join with a space; a gap between them is marked with an ellipsis.
  const excerpt = ordered.map((p, k) => (k === 0 ? '' : p.i === (ordered[k - 1]?.i ?? -2) + 1 ? ' ' : ' … ') + p.sentence).join('');
  return cutAtWord(excerpt, QUOTE_MAX_CHARS);
}

/** The whole extractive answer as Markdown. */
export function extractiveAnswer(request: Pick<AnswerRequest, 'question' | 'passages' | 'language'>): string {
  const text = TEXT[request.language];
  if (request.passages.length === 0) return text.none;
  const quotes = request.passages.map((p) => {
    const where = `*${p.fileName}${p.page !== null ? `, p. ${p.page}` : ''}*`;
    const lines = bestExcerpt(p.text, request.question).split('\n').map((line) => `> ${line}`).join('\n');
    return `${lines} [${p.n}]\n>\n> — ${where}`;
  });
  return `${text.intro}\n\n${quotes.join('\n\n')}`;
}

export class ExtractiveProvider implements AnswerProvider {
  readonly description = 'extractive (no language model configured)';
  readonly model = null;

  async *stream(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string> {
    const answer = extractiveAnswer(request);
    // Streamed in word-sized pieces like a model's tokens, so the client has one path for both.
    for (const piece of answer.match(/\S+\s*|\s+/g) ?? []) {
      signal.throwIfAborted();
      yield piece;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

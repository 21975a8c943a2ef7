/**
 * One provider interface for answers (issue 14, ADR 019): an OpenAI-compatible chat endpoint
 * when LLM_BASE_URL is set, else the extractive default that needs no model at all.
 * Both receive the same prompt and the same numbered passages; only a model reads the prompt.
 */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface Passage {
  /** The `[n]` label the server assigned. */
  readonly n: number;
  readonly fileName: string;
  readonly page: number | null;
  readonly text: string;
}

export interface AnswerRequest {
  readonly messages: readonly ChatMessage[];
  readonly question: string;
  readonly passages: readonly Passage[];
  readonly language: 'en' | 'dk';
  readonly temperature?: number | undefined;
  readonly maxTokens?: number | undefined;
}

export interface AnswerProvider {
  /** For the assistant's settings page and logs (never the key). */
  readonly description: string;
  readonly model: string | null;
  /** Text pieces as they are produced; stops (throws an AbortError) when the signal aborts. */
  stream(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string>;
  /** A model's standalone version of a follow-up question, for retrieval (absent without a model). */
  condense?(history: readonly ChatMessage[], question: string, signal: AbortSignal): Promise<string>;
}

/** What a model is asked to condense a follow-up question (issue 25 item 20). */
export const CONDENSE_PROMPT =
  'Rewrite the last question of this conversation as one standalone question that can be understood without the conversation, in the language of the question. Name the people and things it refers to. Answer with the question only.';

/** The system prompt: the assistant's instructions, then the passages with their markers. */
export function buildSystemPrompt(instructions: string, passages: readonly Passage[]): string {
  const rules = [
    'Answer from the numbered passages below. Cite every statement with the marker of its passage, like [1] or [2].',
    'Use only the markers listed. If the passages do not answer the question, say so plainly.',
  ].join(' ');
  const body = passages.length === 0 ? '(No passage matched the question.)' : passages.map((p) => `[${p.n}] (${p.fileName}${p.page !== null ? `, page ${p.page}` : ''})\n${p.text}`).join('\n\n');
  return `${instructions.trim() === '' ? '' : `${instructions.trim()}\n\n`}${rules}\n\nPassages:\n\n${body}`;
}

/**
 * OpenAI-compatible chat (OpenAI, Azure, Ollama, vLLM, llama.cpp's server) through the
 * `openai` client, streamed token by token. The key is only ever handed to the client; the
 * prompt and the documents are never logged.
 */
import OpenAI from 'openai';
import { buildSystemPrompt, CONDENSE_PROMPT } from './provider';
import type { AnswerProvider, AnswerRequest, ChatMessage } from './provider';

/** A condensed question longer than this is not a question: the original is searched instead. */
const CONDENSED_MAX_CHARS = 500;

export interface OpenAiSettings {
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly model: string;
  /** Milliseconds before a silent endpoint is given up. */
  readonly timeoutMs?: number;
}

export class OpenAiProvider implements AnswerProvider {
  readonly description: string;
  readonly model: string;
  private readonly client: OpenAI;

  constructor(settings: OpenAiSettings) {
    this.model = settings.model;
    this.description = `OpenAI-compatible (${new URL(settings.baseUrl).host}, model ${settings.model})`;
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      // Local servers (Ollama, llama.cpp) need no key, but the client insists on one.
      apiKey: settings.apiKey ?? 'no-key',
      maxRetries: 1,
      timeout: settings.timeoutMs ?? 120_000,
    });
  }

  async *stream(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string> {
    const [first, ...rest] = request.messages;
    const system = first?.role === 'system' ? first.content : '';
    const messages = [{ role: 'system' as const, content: system || buildSystemPrompt('', request.passages) }, ...(first?.role === 'system' ? rest : request.messages)];
    const stream = await this.client.chat.completions.create(
      {
        model: this.model,
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        stream: true,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      },
      { signal },
    );
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  }

  /** The standalone question, streamed like an answer (one code path against every server) and joined. */
  async condense(history: readonly ChatMessage[], question: string, signal: AbortSignal): Promise<string> {
    const turns = history.filter((m) => m.role !== 'system').map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.content}`);
    let text = '';
    for await (const piece of this.stream({ messages: [{ role: 'system', content: CONDENSE_PROMPT }, { role: 'user', content: [...turns, `User: ${question}`].join('\n\n') }], question, passages: [], language: 'en', temperature: 0 }, signal)) {
      text += piece;
      if (text.length > CONDENSED_MAX_CHARS) return question;
    }
    return text.trim() === '' ? question : text.trim();
  }
}

/**
 * A tiny OpenAI-compatible server for tests, started by the test itself (real HTTP, real SSE
 * framing): `/chat/completions` streams the next scripted tokens (or answers a scripted error
 * status); `/embeddings` answers the test's own embedding function for each input, records
 * every input it was asked for, and fails with `embeddingStatus` while that is set.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Script = { tokens: string[]; delayMs: number; status?: number };

export interface Seen {
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
  auth: string | undefined;
  aborted: boolean;
}

export interface ModelServer {
  readonly server: Server;
  /** The base URL, ending in /v1. */
  readonly url: string;
  /** Chat scripts, taken one per request. */
  readonly scripts: Script[];
  readonly seen: Seen[];
  /** Every text the embeddings endpoint was asked to embed, in order. */
  readonly embedded: string[];
  /** While set, /embeddings answers this status with an error body. */
  embeddingStatus: number | undefined;
  close(): Promise<void>;
}

export type EmbedFunction = (text: string) => number[];

function streamChat(res: ServerResponse, script: Script): void {
  if (script.status) {
    res.writeHead(script.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let i = 0;
  const send = () => {
    if (res.destroyed) return;
    if (i >= script.tokens.length) {
      res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    const content = script.tokens[i] ?? '';
    i += 1;
    res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`);
    setTimeout(send, script.delayMs);
  };
  send();
}

export function startModelServer(embed: EmbedFunction = () => [1, 0]): Promise<ModelServer> {
  const state = { scripts: [] as Script[], seen: [] as Seen[], embedded: [] as string[], embeddingStatus: undefined as number | undefined };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url?.endsWith('/embeddings')) {
        const body = JSON.parse(raw) as { model: string; input: string | string[] };
        if (model.embeddingStatus !== undefined) {
          res.writeHead(model.embeddingStatus, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'embedding model not loaded', type: 'server_error' } }));
          return;
        }
        const inputs = Array.isArray(body.input) ? body.input : [body.input];
        model.embedded.push(...inputs);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', model: body.model, data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })), usage: { prompt_tokens: 1, total_tokens: 1 } }));
        return;
      }
      const entry: Seen = { body: JSON.parse(raw) as Seen['body'], auth: req.headers.authorization, aborted: false };
      model.seen.push(entry);
      res.on('close', () => {
        if (!res.writableFinished) entry.aborted = true;
      });
      streamChat(res, model.scripts.shift() ?? { tokens: ['?'], delayMs: 0 });
    });
  });
  const model: ModelServer = {
    server,
    url: '',
    ...state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      Object.assign(model, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
      resolve(model);
    }),
  );
}

/**
 * runWithMessage (issue 14, ADR 019): the call stores the question and an empty answer and
 * returns at once; the answer is produced here, in the process that took the call, and sent
 * on the caller's pipe as events: `references` (before any token), `token`s, then `message`
 * (the saved answer) — or `error`. A cancel is seen at once in this process and within
 * CANCEL_POLL_MS from any other (the message row carries the request).
 * An answer left `streaming` by a process that died is reported as an error when read.
 */
import type { Kysely } from 'kysely';
import type { assistants } from '@chi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseSchema } from '../../../db/schema';
import type { Dialect } from '../../../db/database';
import type { PipeHub } from '../../../pipes/pipe-hub';
import { newId } from '../../../security/secrets';
import { presentMessage } from '../assistants.presenter';
import type { AssistantRow, MessageRow, ThreadRow } from '../assistants.presenter';
import { searchChunks } from '../../retrieval/retrieval';
import type { Embedder } from '../../retrieval/embeddings';
import { resolveCitations } from './citations';
import { previousQuestion, searchFollowUp } from './follow-up';
import type { Search } from './follow-up';
import { buildSystemPrompt } from './provider';
import type { AnswerProvider, ChatMessage } from './provider';

type Db = Kysely<DatabaseSchema>;

export const DEFAULT_TOP_K = 5;
/** Tokens are written to the pipe in batches at most this far apart (one row per token would be a write per word). */
const TOKEN_FLUSH_MS = 40;
const CANCEL_POLL_MS = 400;
/** Earlier turns of the thread given to a model. */
const HISTORY_MESSAGES = 10;
/** A `streaming` answer older than this without a change was left by a stopped process. */
export const STALE_STREAM_MS = 5 * 60 * 1000;

export interface RunDeps {
  readonly db: Db;
  readonly dialect: Dialect;
  readonly hub: PipeHub;
  readonly provider: AnswerProvider;
  /** Dense search fused with full text when an embedding endpoint is configured (ADR 028). */
  readonly embedder?: Embedder | undefined;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  /** This app's runs in flight: closing the app aborts and awaits them. */
  readonly inflight: Map<string, { controller: AbortController; done: Promise<void> }>;
}

export interface RunInput {
  readonly pipeName: string;
  readonly listenerName: string;
  readonly message: string;
  readonly sender?: string | undefined;
  readonly language?: 'en' | 'dk' | undefined;
}

export async function nextSeq(db: Db, threadId: string): Promise<number> {
  const row = await db.selectFrom('assistant_messages').select((eb) => eb.fn.max('seq').as('seq')).where('thread_id', '=', threadId).executeTakeFirst();
  return Number(row?.seq ?? 0) + 1;
}

export async function startRun(deps: RunDeps, assistant: AssistantRow, thread: ThreadRow, input: RunInput): Promise<{ userMessageId: string; messageId: string }> {
  const { db, now } = deps;
  const userMessageId = newId();
  const messageId = newId();
  const at = now().toISOString();
  await db.transaction().execute(async (trx) => {
    const seq = await nextSeq(trx, thread.id);
    const base = { thread_id: thread.id, error: null, sender: input.sender ?? null, references_json: '[]', created_at: at, updated_at: at };
    await trx.insertInto('assistant_messages').values({ ...base, id: userMessageId, seq, role: 'user', content: input.message, status: 'complete' }).execute();
    await trx.insertInto('assistant_messages').values({ ...base, id: messageId, seq: seq + 1, role: 'assistant', content: '', status: 'streaming', sender: null }).execute();
    const title = thread.title === '' ? input.message.replace(/\s+/g, ' ').slice(0, 80) : thread.title;
    await trx.updateTable('assistant_threads').set({ updated_at: at, title }).where('id', '=', thread.id).execute();
  });
  const controller = new AbortController();
  const done = executeRun(deps, assistant, thread, messageId, input, controller).finally(() => deps.inflight.delete(messageId));
  deps.inflight.set(messageId, { controller, done });
  return { userMessageId, messageId };
}

/** Asks a run to stop (this process at once, others through the row). */
export async function requestCancel(deps: Pick<RunDeps, 'db' | 'inflight'>, messageId: string): Promise<void> {
  await deps.db.updateTable('assistant_messages').set({ cancel_requested: 1 }).where('id', '=', messageId).where('status', '=', 'streaming').execute();
  deps.inflight.get(messageId)?.controller.abort(new Error('cancelled'));
}

/** Closing the app: every run here stops and saves what it has (as cancelled). */
export async function stopAllRuns(deps: Pick<RunDeps, 'inflight'>): Promise<void> {
  const runs = [...deps.inflight.values()];
  for (const run of runs) run.controller.abort(new Error('the server is shutting down'));
  await Promise.all(runs.map((run) => run.done));
}

async function history(db: Db, threadId: string, beforeId: string): Promise<ChatMessage[]> {
  const rows = await db.selectFrom('assistant_messages').select(['id', 'role', 'content', 'seq']).where('thread_id', '=', threadId).where('status', '=', 'complete').orderBy('seq', 'desc').limit(HISTORY_MESSAGES + 2).execute();
  return rows
    .filter((row) => row.id !== beforeId)
    .reverse()
    .slice(-HISTORY_MESSAGES)
    .map((row) => ({ role: row.role === 'user' ? ('user' as const) : ('assistant' as const), content: row.content }));
}

/**
 * The passages for a question, read in its thread (issue 25 item 20): a model's standalone
 * version of a follow-up when a model is configured, else the previous question at a lower weight.
 */
async function retrieve(deps: RunDeps, storeId: string, question: string, past: readonly ChatMessage[], topK: number, signal: AbortSignal) {
  const search: Search = (query, limit) =>
    searchChunks(deps.db, deps.dialect, storeId, query, limit, { embedder: deps.embedder }).catch(async (error: unknown) => {
      if (!deps.embedder) throw error;
      // The embedding endpoint is down: answer from full text rather than not at all (never logging the question).
      deps.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'dense search failed; full text only for this answer');
      return searchChunks(deps.db, deps.dialect, storeId, query, limit);
    });
  const earlier = past.at(-1)?.role === 'user' && past.at(-1)?.content === question ? past.slice(0, -1) : past;
  const previous = previousQuestion(earlier, question);
  if (previous !== null && deps.provider.condense) {
    try {
      return await search(await deps.provider.condense(earlier, question, signal), topK);
    } catch (error) {
      signal.throwIfAborted();
      deps.log.warn({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'condensing the follow-up failed; searching with the previous question instead');
    }
  }
  return searchFollowUp(search, question, previous, topK);
}

async function candidates(deps: RunDeps, assistant: AssistantRow, question: string, past: readonly ChatMessage[], topK: number, signal: AbortSignal): Promise<assistants.Reference[]> {
  const found = await retrieve(deps, assistant.vector_store_id, question, past, topK, signal);
  if (found.length === 0) return [];
  const versions = await deps.db
    .selectFrom('assistant_file_versions as v')
    .innerJoin('assistant_files as f', 'f.id', 'v.file_id')
    .select(['v.id', 'v.version', 'v.content_hash', 'f.name'])
    .where('v.id', 'in', [...new Set(found.map((c) => c.versionId))])
    .execute();
  const byVersion = new Map(versions.map((v) => [v.id, v]));
  return found.map((chunk, i) => {
    const version = byVersion.get(chunk.versionId);
    return {
      n: i + 1,
      fileId: chunk.fileId,
      versionId: chunk.versionId,
      version: Number(version?.version ?? 0),
      contentHash: version?.content_hash ?? '',
      fileName: version?.name ?? '',
      chunkIndex: chunk.chunkIndex,
      page: chunk.page,
      start: chunk.start,
      end: chunk.end,
      score: Math.round(chunk.score * 10_000) / 10_000,
      text: chunk.text,
    };
  });
}

async function executeRun(deps: RunDeps, assistant: AssistantRow, thread: ThreadRow, messageId: string, input: RunInput, controller: AbortController): Promise<void> {
  const { db, hub, provider, now, log } = deps;
  const pipe = input.pipeName;
  const listener = input.listenerName;
  let text = '';
  let pending = '';
  let lastFlush = Date.now();
  let lastCancelCheck = Date.now();
  let refs: assistants.Reference[] = [];
  const flush = async () => {
    if (pending === '') return;
    const piece = pending;
    pending = '';
    lastFlush = Date.now();
    await hub.publish(pipe, { type: 'token', listener, messageId, text: piece });
  };
  const finish = async (status: assistants.MessageStatus, error: string | null) => {
    const { content, references } = resolveCitations(text, refs);
    await db
      .updateTable('assistant_messages')
      .set({ content, status, error, references_json: JSON.stringify(references), updated_at: now().toISOString() })
      .where('id', '=', messageId)
      .execute();
    await db.updateTable('assistant_threads').set({ updated_at: now().toISOString() }).where('id', '=', thread.id).execute();
    const row = (await db.selectFrom('assistant_messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow()) as MessageRow;
    await hub.publish(pipe, { type: 'message', listener, message: presentMessage(row) });
  };
  try {
    const settings = JSON.parse(assistant.model_settings) as assistants.ModelSettings;
    const past = await history(db, thread.id, messageId);
    refs = await candidates(deps, assistant, input.message, past, settings.topK ?? DEFAULT_TOP_K, controller.signal);
    await hub.publish(pipe, { type: 'references', listener, messageId, references: refs });
    const passages = refs.map((r) => ({ n: r.n, fileName: r.fileName, page: r.page, text: r.text }));
    const messages: ChatMessage[] = [
      { role: 'system', content: buildSystemPrompt(assistant.instructions, passages) },
      ...past,
    ];
    for await (const piece of provider.stream(
      { messages, question: input.message, passages, language: input.language ?? 'en', temperature: settings.temperature, maxTokens: settings.maxTokens },
      controller.signal,
    )) {
      text += piece;
      pending += piece;
      if (Date.now() - lastFlush >= TOKEN_FLUSH_MS) await flush();
      if (Date.now() - lastCancelCheck >= CANCEL_POLL_MS) {
        lastCancelCheck = Date.now();
        const row = await db.selectFrom('assistant_messages').select('cancel_requested').where('id', '=', messageId).executeTakeFirst();
        if (Number(row?.cancel_requested) === 1) controller.abort(new Error('cancelled'));
      }
      controller.signal.throwIfAborted();
    }
    // The openai client ends its stream quietly when aborted: a cancel must not read as complete.
    controller.signal.throwIfAborted();
    await flush();
    await finish('complete', null);
  } catch (error) {
    try {
      if (controller.signal.aborted) {
        await flush();
        await finish('cancelled', null);
        return;
      }
      // The provider's own message (status, reason); never the prompt or the documents.
      const message = error instanceof Error ? error.message.slice(0, 500) : 'The answer failed.';
      log.warn({ messageId, err: { name: error instanceof Error ? error.name : 'Error', message } }, 'assistant run failed');
      await flush();
      await hub.publish(pipe, { type: 'error', listener, messageId, error: message });
      await finish('error', message);
    } catch (inner) {
      log.error({ err: inner, messageId }, 'assistant run could not save its end');
    }
  }
}

/**
 * Showcase plays are stored through the generic `log` call (issue 15) as immutable documents
 * of the showcase app: `_ShowcaseResponse` per response, `_ShowcasePlay` per finished play.
 * They go through the shell's durable queue (ADR 031): stored in this browser before they are
 * sent, sent in order with back-off until acknowledged, resumed after a reload. Each record
 * carries its own `_id`, on which the server dedupes, so a retry never stores it twice; the
 * queue never holds up the game.
 */
import { documents } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { getDurableQueue } from '../../../shell/durable-queue/durable-queue-client';

export const PLAY_TYPE = '_ShowcasePlay';
export const RESPONSE_TYPE = '_ShowcaseResponse';
const VISITOR_KEY = 'chi.showcase.visitor';

export function newId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** An anonymous visitor id kept in this browser: it ties plays together, never to a person. */
export function visitorId(): string {
  try {
    const stored = window.localStorage.getItem(VISITOR_KEY);
    if (stored) return stored;
    const made = newId('v');
    window.localStorage.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    return newId('v');
  }
}

type Record = { _id: string } & { [field: string]: unknown };
type QueuedPlay = { dataType: string; record: Record };

const QUEUE_PREFIX = 'chi.showcase.queue.';

function playQueue() {
  return getDurableQueue<QueuedPlay>(QUEUE_PREFIX, ({ payload }, { keepalive }) =>
    api.call(documents.log, payload.record, { params: { appId: 'showcase', dataType: payload.dataType }, fresh: true, keepalive }),
  );
}

/** Stores the record in this browser, then sends it (ADR 031); its `_id` is the client id the server dedupes on. */
export function logRecord(dataType: string, record: Record): void {
  playQueue().enqueue({ dataType, record }, record._id);
}

/** Resolves once every queued record is stored on the server (the results screen waits for the play). */
export function whenLogged(): Promise<void> {
  return playQueue().flush();
}

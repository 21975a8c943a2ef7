/**
 * Showcase plays are stored through the generic `log` call (issue 15) as immutable documents
 * of the showcase app: `_ShowcaseResponse` per response, `_ShowcasePlay` per finished play.
 * Each record carries its own `_id`, so a retry never stores it twice; records are sent one at
 * a time, in order, retried with back-off, and never hold up the game.
 */
import { documents } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { ApiError } from '../../../shell/api/errors';

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
const queue: { dataType: string; record: Record }[] = [];
let sending = false;
const idleWaiters: (() => void)[] = [];

async function drain(): Promise<void> {
  if (sending) return;
  sending = true;
  let delay = 500;
  while (queue.length > 0) {
    const next = queue[0];
    if (!next) break;
    try {
      await api.call(documents.log, next.record, { params: { appId: 'showcase', dataType: next.dataType }, fresh: true });
      queue.shift();
      delay = 500;
    } catch (error) {
      // Refused for good (a bad record): retrying cannot help; the play goes on without it.
      if (error instanceof ApiError && error.code !== undefined && error.code >= 400 && error.code < 500 && error.code !== 429) {
        queue.shift();
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 15_000);
    }
  }
  sending = false;
  for (const resolve of idleWaiters.splice(0)) resolve();
}

export function logRecord(dataType: string, record: Record): void {
  queue.push({ dataType, record });
  void drain();
}

/** Resolves once every queued record is stored (the results screen waits for the play). */
export function whenLogged(): Promise<void> {
  if (queue.length === 0 && !sending) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

/**
 * Wires a generic durable queue to the page (ADR 031): stored in localStorage (in memory when
 * the browser denies storage, and then leaving asks first while anything is unsent), the
 * shell's retry policy, a retry as soon as the browser is back online, and a keepalive send
 * of what is pending when the page goes. One queue per prefix and page.
 */
import { useSyncExternalStore } from 'react';
import { setStatus } from '../status/status-store';
import { DurableQueue, type DurableQueueSnapshot, type QueueSend } from './durable-queue';
import { watchPageExit } from './page-exit';
import { classifyFailure } from './retry-policy';
import { isLocalStoreDurable, localStore } from './safe-storage';

const queues = new Map<string, DurableQueue<unknown>>();

/** The page's one started queue under this storage prefix; resumes what an earlier page left. */
export function getDurableQueue<T>(prefix: string, send: QueueSend<T>): DurableQueue<T> {
  const existing = queues.get(prefix);
  if (existing) return existing as DurableQueue<T>;
  const queue = new DurableQueue<T>({
    storage: localStore(),
    prefix,
    send,
    classify: classifyFailure,
    onDeadLetter: (letter) => setStatus('durableQueue', { isError: true, body: letter.reason, handled: true }),
  });
  queues.set(prefix, queue as DurableQueue<unknown>);
  window.addEventListener('online', () => queue.retryNow());
  watchPageExit(queue, { durable: isLocalStoreDurable(), flush: () => queue.sendAllWithKeepalive() });
  queue.start();
  return queue;
}

/** What closing the page does to its queues: they stop sending and are forgotten (tests that share one page, setup.ts). */
export function closeDurableQueues(): void {
  for (const queue of queues.values()) queue.stop();
  queues.clear();
}

const EMPTY: DurableQueueSnapshot = { pendingCount: 0, deadCount: 0, retrying: false };
const noop = () => () => undefined;

/** The queue's counts for a "saving…" or "waiting for the server" state. */
export function useDurableQueueSnapshot(queue: DurableQueue<unknown> | null): DurableQueueSnapshot {
  return useSyncExternalStore(
    queue?.subscribe ?? noop,
    () => queue?.getSnapshot() ?? EMPTY,
    () => queue?.getSnapshot() ?? EMPTY,
  );
}

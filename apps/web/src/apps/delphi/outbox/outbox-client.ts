/**
 * Wires the outbox to the real server: one instance per participant and suite, sending
 * through `api.call` with `fresh` (a retry must really reach the server, not share a
 * failed promise), stored under this tab's key (tab-lease.ts), sent as one keepalive batch
 * when the page goes (page-exit.ts), and a React hook for its counts.
 */
import { useSyncExternalStore } from 'react';
import { delphi, type InputOf } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { afterNextPaint } from '../../../shell/live-on-intent';
import { classifyFailure } from '../../../shell/durable-queue/retry-policy';
import { setStatus } from '../../../shell/status/status-store';
import { isLocalStoreDurable, localStore, sessionStore } from '../../../shell/durable-queue/safe-storage';
import { Outbox, type OutboxSnapshot, type OutboxTransport } from './outbox';
import { watchPageExit } from './page-exit';
import { adoptClosedTabs, claimTab, tabOutboxKey, type TabLocks } from './tab-lease';

function send(kind: Parameters<OutboxTransport>[0], input: Record<string, unknown>, id: string | undefined) {
  const options = { fresh: true, id };
  switch (kind) {
    case 'startGame':
      return api.call(delphi.startGame, input as InputOf<typeof delphi.startGame>, options);
    case 'endGame':
      return api.call(delphi.endGame, input as InputOf<typeof delphi.endGame>, options);
    case 'startRound':
      return api.call(delphi.startRound, input as InputOf<typeof delphi.startRound>, options);
    case 'endRound':
      return api.call(delphi.endRound, input as InputOf<typeof delphi.endRound>, options);
    case 'logPrompt':
      return api.call(delphi.logPrompt, input as InputOf<typeof delphi.logPrompt>, options);
    case 'logResponse':
      return api.call(delphi.logResponse, input as InputOf<typeof delphi.logResponse>, options);
    case 'logEvent':
      return api.call(delphi.logEvent, input as InputOf<typeof delphi.logEvent>, options);
  }
}

const transport: OutboxTransport = (kind, input, id) => send(kind, input, id);

/** A hidden page paints no frames: the sender wakes this long after the record at the latest. */
const WAKE_AT_LATEST_MS = 100;

/**
 * Wakes the sender after the frame that paints what queued the record: a Start tap's game
 * screen, a question's onset frame (whose own callback logs the prompt). The record is stored
 * before; only its request (the contract's checks, the fetch) moves after the paint (ADR 075).
 */
function afterThisFrame(wake: () => void): void {
  let woken = false;
  const once = () => {
    if (woken) return;
    woken = true;
    wake();
  };
  afterNextPaint(once);
  setTimeout(once, WAKE_AT_LATEST_MS);
}

/** The key all tabs shared before per-tab keys; still used where Web Locks are missing. */
export function outboxKey(participantId: string, suiteId: string): string {
  return `chi.delphi.outbox.${participantId}.${suiteId}`;
}

/** How often a tab looks for records that closed tabs left behind. */
const ADOPT_EVERY_MS = 5000;

function webLocks(): TabLocks | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
}

/**
 * Claims this tab's key, then keeps adopting closed tabs' records. Without Web Locks (or when
 * the browser denies them) the outbox keeps the shared key, as before per-tab keys.
 */
async function leaseTabKey(outbox: Outbox, locks: TabLocks, sharedKey: string): Promise<void> {
  let tabId: string;
  try {
    tabId = (await claimTab(locks, sessionStore())).tabId;
  } catch {
    outbox.attach(sharedKey);
    return;
  }
  outbox.attach(tabOutboxKey(sharedKey, tabId));
  const adopt = () => void adoptClosedTabs(locks, localStore(), sharedKey, tabId, (raw) => outbox.adopt(raw)).catch(() => undefined);
  adopt();
  setInterval(adopt, ADOPT_EVERY_MS);
}

const instances = new Map<string, Outbox>();

/** The page's one outbox for this participant and suite, started (resuming what was pending). */
export function getOutbox(participantId: string, suiteId: string): Outbox {
  const sharedKey = outboxKey(participantId, suiteId);
  let outbox = instances.get(sharedKey);
  if (!outbox) {
    const durable = isLocalStoreDurable();
    const locks = durable ? webLocks() : null;
    outbox = new Outbox({
      storage: localStore(),
      // With Web Locks, memory only until this tab's own key is known (a few ms).
      key: locks ? null : sharedKey,
      transport,
      classify: classifyFailure,
      schedule: afterThisFrame,
      onDeadLetter: (letter) =>
        setStatus('delphiOutbox', { isError: true, body: `${letter.kind}: ${letter.reason}`, handled: true }),
    });
    instances.set(sharedKey, outbox);
    const started = outbox;
    // Back online: no need to wait out the rest of a long back-off.
    window.addEventListener('online', () => started.retryNow());
    watchPageExit(outbox, { durable, send: (batch) => void api.call(delphi.logRecords, batch, { fresh: true, keepalive: true }).catch(() => undefined) });
    if (locks) void leaseTabKey(outbox, locks, sharedKey);
    outbox.start();
  }
  return outbox;
}

/** What closing the page does to its outboxes: they stop sending and are forgotten (tests that share one page, setup.ts). */
export function closeOutboxes(): void {
  for (const outbox of instances.values()) outbox.stop();
  instances.clear();
}

const EMPTY: OutboxSnapshot = { pendingCount: 0, answersPending: 0, deadCount: 0, retrying: false };
const noop = () => () => undefined;

export function useOutboxSnapshot(outbox: Outbox | null): OutboxSnapshot {
  return useSyncExternalStore(
    outbox?.subscribe ?? noop,
    () => outbox?.getSnapshot() ?? EMPTY,
    () => outbox?.getSnapshot() ?? EMPTY,
  );
}

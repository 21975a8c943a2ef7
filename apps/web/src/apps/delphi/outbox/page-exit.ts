/**
 * The outbox's last chance when the page goes (ADR 005, ADR 072): the shell's page-exit watch
 * (shell/durable-queue/page-exit.ts, shared with the generic durable queue) with the games'
 * unload plan: on `pagehide` or when hidden, the pending records in one ordered keepalive batch
 * (unload-flush.ts); while the records live in memory only, leaving asks first.
 */
import { watchPageExit as watchQueueExit } from '../../../shell/durable-queue/page-exit';
import type { Outbox } from './outbox';
import { planUnloadBatch, type UnloadBatch } from './unload-flush';

export interface PageExitOptions {
  /** False when storage is denied: what is pending dies with the page. */
  durable: boolean;
  /** One keepalive request; must not throw. */
  send: (batch: UnloadBatch) => void;
  target?: Window;
}

/** Wires the outbox to the page's lifecycle; returns the unwiring (tests). */
export function watchPageExit(outbox: Outbox, { durable, send, target = window }: PageExitOptions): () => void {
  const flush = () => {
    const batch = planUnloadBatch(outbox.pendingRecords(), outbox.knownGameIds());
    if (batch) send(batch);
  };
  return watchQueueExit(outbox, { durable, flush, target });
}

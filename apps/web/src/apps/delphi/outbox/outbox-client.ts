/**
 * Wires the outbox to the real server: one instance per participant and suite, sending
 * through `api.call` with `fresh` (a retry must really reach the server, not share a
 * failed promise), and a React hook for its counts.
 */
import { useSyncExternalStore } from 'react';
import { delphi, type InputOf } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { ApiError } from '../../../shell/api/errors';
import { setStatus } from '../../../shell/status/status-store';
import { localStore } from '../suite/safe-storage';
import { Outbox, type ClassifyFailure, type OutboxSnapshot, type OutboxTransport } from './outbox';

/** 408, 429, 5xx and no answer at all are passing troubles; any other 4xx will never succeed. */
export const classifyFailure: ClassifyFailure = (error) => {
  if (!(error instanceof ApiError)) return 'retry';
  const status = error.status;
  if (status === undefined) return error.code === 400 ? 'permanent' : 'retry';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return status >= 400 ? 'permanent' : 'retry';
};

const transport: OutboxTransport = (kind, input, id) => {
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
  }
};

export function outboxKey(participantId: string, suiteId: string): string {
  return `chi.delphi.outbox.${participantId}.${suiteId}`;
}

const instances = new Map<string, Outbox>();

/** The page's one outbox for this participant and suite, started (resuming what was pending). */
export function getOutbox(participantId: string, suiteId: string): Outbox {
  const key = outboxKey(participantId, suiteId);
  let outbox = instances.get(key);
  if (!outbox) {
    outbox = new Outbox({
      storage: localStore(),
      key,
      transport,
      classify: classifyFailure,
      onDeadLetter: (letter) =>
        setStatus('delphiOutbox', { isError: true, body: `${letter.kind}: ${letter.reason}`, handled: true }),
    });
    instances.set(key, outbox);
    const started = outbox;
    // Back online: no need to wait out the rest of a long back-off.
    window.addEventListener('online', () => started.retryNow());
    outbox.start();
  }
  return outbox;
}

const EMPTY: OutboxSnapshot = { pendingCount: 0, deadCount: 0, retrying: false };
const noop = () => () => undefined;

export function useOutboxSnapshot(outbox: Outbox | null): OutboxSnapshot {
  return useSyncExternalStore(
    outbox?.subscribe ?? noop,
    () => outbox?.getSnapshot() ?? EMPTY,
    () => outbox?.getSnapshot() ?? EMPTY,
  );
}

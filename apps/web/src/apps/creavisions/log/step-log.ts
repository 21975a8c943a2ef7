/**
 * The participant's steps on their way to `POST {eventName}/logEntry` (ADR 030), through the
 * shell's generic durable queue (ADR 031): each step gets its client id and is stored before
 * anything is sent, sent in order, retried with back-off until the server answers, resumed by
 * the next page, and sent with keepalive when the page goes. The server stores a step once by
 * its id, so a step sent twice changes nothing. A refused step is dead-lettered and shown.
 */
import { useSyncExternalStore } from 'react';
import { creavisions } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { getDurableQueue } from '../../../shell/durable-queue/durable-queue-client';
import type { DurableQueue } from '../../../shell/durable-queue/durable-queue';
import type { Sitting } from '../sitting';

export interface StepInput {
  readonly kind: creavisions.LogKind;
  readonly entryId?: string;
  readonly data?: Readonly<Record<string, string>>;
}

interface StepPayload extends StepInput {
  readonly eventName: string;
  readonly sessionId: string;
  readonly sessionToken: string;
  /** The client's clock when the step happened. */
  readonly at: string;
}

export interface StepLogState {
  readonly pending: number;
  /** The server's message for the last step it refused on this page, if any. */
  readonly failed: string | null;
}

export interface StepLog {
  log(step: StepInput): string;
  /** Resolves when every step logged so far is stored or refused. */
  flush(): Promise<void>;
  subscribe(listener: () => void): () => void;
  state(): StepLogState;
}

function sendStep(record: { id: string; payload: StepPayload }, options: { keepalive: boolean }) {
  const { eventName, sessionId, sessionToken, kind, entryId, at, data } = record.payload;
  return api.call(
    creavisions.logEntry,
    { sessionId, sessionToken, _id: record.id, kind, at, data: { ...data }, ...(entryId ? { entryId } : {}) },
    { id: eventName, fresh: true, keepalive: options.keepalive },
  );
}

class QueuedStepLog implements StepLog {
  private readonly deadAtStart: number;
  private current: StepLogState;

  constructor(
    private readonly sitting: Sitting,
    private readonly queue: DurableQueue<StepPayload>,
  ) {
    this.deadAtStart = queue.deadLetters().length;
    this.current = this.compute();
  }

  private compute(): StepLogState {
    const dead = this.queue.deadLetters();
    return { pending: this.queue.pendingCount(), failed: dead.length > this.deadAtStart ? (dead.at(-1)?.reason ?? null) : null };
  }

  log(step: StepInput): string {
    const { eventName, sessionId, sessionToken } = this.sitting;
    return this.queue.enqueue({ ...step, eventName, sessionId, sessionToken, at: new Date().toISOString() });
  }

  flush(): Promise<void> {
    return this.queue.flush();
  }

  subscribe = (listener: () => void): (() => void) =>
    this.queue.subscribe(() => {
      this.current = this.compute();
      listener();
    });

  state = (): StepLogState => {
    const next = this.compute();
    if (next.pending !== this.current.pending || next.failed !== this.current.failed) this.current = next;
    return this.current;
  };
}

const logs = new Map<string, StepLog>();

/** One queue per sitting for the page's life; it resumes what an earlier page left unsent. */
export function stepLogFor(sitting: Sitting): StepLog {
  const prefix = `chi.creavisions.log.${sitting.eventName}.${sitting.sessionId}.`;
  let log = logs.get(prefix);
  if (!log) {
    log = new QueuedStepLog(sitting, getDurableQueue<StepPayload>(prefix, sendStep));
    logs.set(prefix, log);
  }
  return log;
}

export function useStepLogState(log: StepLog): StepLogState {
  return useSyncExternalStore(log.subscribe, log.state, log.state);
}

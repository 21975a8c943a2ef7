/**
 * The participant's steps on their way to the server (ADR 030): each step gets its client id
 * and is stored in localStorage before anything is sent, then sent in order to
 * `POST {eventName}/logEntry` and retried with back-off until the server answers. The server
 * stores a step once by its id, so a retry or a reload that sends it again changes nothing. A
 * refusal (a 4xx other than 408/429) will never succeed: the step is set aside and shown.
 *
 * The queue is written against this small interface so the generic durable queue can take its
 * place without the pages changing.
 */
import { useSyncExternalStore } from 'react';
import { creavisions } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { ApiError } from '../../../shell/api/errors';
import type { Sitting } from '../sitting';

export interface StepInput {
  readonly kind: creavisions.LogKind;
  readonly entryId?: string;
  readonly data?: Readonly<Record<string, string>>;
}

interface StoredStep extends StepInput {
  readonly _id: string;
  readonly at: string;
}

export interface StepLogState {
  readonly pending: number;
  /** The server's message for the last step it refused, if any. */
  readonly failed: string | null;
}

export interface StepLog {
  log(step: StepInput): string;
  /** Resolves when every step logged so far is stored or refused. */
  flush(): Promise<void>;
  subscribe(listener: () => void): () => void;
  state(): StepLogState;
}

const MAX_DELAY_MS = 10_000;

function isPermanent(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const status = error.status ?? (error.code === 400 ? 400 : undefined);
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

class LocalStepLog implements StepLog {
  private steps: StoredStep[];
  private current: StepLogState;
  private readonly listeners = new Set<() => void>();
  private waiters: (() => void)[] = [];
  private sending = false;

  constructor(
    private readonly sitting: Sitting,
    private readonly key: string,
  ) {
    this.steps = this.load();
    this.current = { pending: this.steps.length, failed: null };
    if (typeof window !== 'undefined') window.addEventListener('online', () => void this.send());
    void this.send();
  }

  private load(): StoredStep[] {
    try {
      const raw = window.localStorage.getItem(this.key);
      return raw ? (JSON.parse(raw) as StoredStep[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      if (this.steps.length === 0) window.localStorage.removeItem(this.key);
      else window.localStorage.setItem(this.key, JSON.stringify(this.steps));
    } catch {
      // Storage refused: the steps are kept in memory and still sent.
    }
  }

  private update(failed: string | null = this.current.failed): void {
    this.current = { pending: this.steps.length, failed };
    for (const listener of this.listeners) listener();
    if (this.steps.length === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  log(step: StepInput): string {
    const stored: StoredStep = { ...step, _id: crypto.randomUUID(), at: new Date().toISOString() };
    this.steps.push(stored);
    this.save();
    this.update();
    void this.send();
    return stored._id;
  }

  private async send(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    let attempt = 0;
    try {
      while (this.steps.length > 0) {
        const step = this.steps[0] as StoredStep;
        try {
          await api.call(
            creavisions.logEntry,
            { sessionId: this.sitting.sessionId, sessionToken: this.sitting.sessionToken, _id: step._id, kind: step.kind, at: step.at, data: { ...step.data }, ...(step.entryId ? { entryId: step.entryId } : {}) },
            { id: this.sitting.eventName, fresh: true },
          );
          this.steps.shift();
          attempt = 0;
          this.save();
          this.update();
        } catch (error) {
          if (isPermanent(error)) {
            this.steps.shift();
            this.save();
            this.update(error instanceof Error ? error.message : String(error));
            continue;
          }
          attempt += 1;
          const delay = Math.min(MAX_DELAY_MS, 250 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    } finally {
      this.sending = false;
    }
  }

  flush(): Promise<void> {
    if (this.steps.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  state(): StepLogState {
    return this.current;
  }
}

const logs = new Map<string, StepLog>();

/** One queue per sitting for the page's life; it resumes what a reload left unsent. */
export function stepLogFor(sitting: Sitting): StepLog {
  const key = `chi.creavisions.log.${sitting.eventName}.${sitting.sessionId}`;
  let log = logs.get(key);
  if (!log) {
    log = new LocalStepLog(sitting, key);
    logs.set(key, log);
  }
  return log;
}

export function useStepLogState(log: StepLog): StepLogState {
  return useSyncExternalStore(
    (listener) => log.subscribe(listener),
    () => log.state(),
  );
}

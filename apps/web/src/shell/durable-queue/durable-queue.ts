/**
 * The generic durable client queue (ADR 031): for records that are not Delphi game records
 * (showcase plays, creative-visions log entries…). Every record is written to storage before
 * it is sent, then one sender delivers the records strictly in order, retrying with back-off
 * (the shell's retry policy, shared with the games' outbox) until the server acknowledges.
 * Each record carries a client id the server dedupes on, so a record sent twice (a retry
 * after a lost answer, a keepalive send on pagehide, another tab resuming it) is stored once.
 *
 * Each record lives under its own storage key (`<prefix><id>`), so two tabs of one app never
 * overwrite each other's records: a new page resumes every record its prefix holds, and a
 * record another tab already delivered (its key gone) is skipped, not sent again.
 */
import { backoffDelay, type ClassifyFailure } from './retry-policy';
import { keepaliveCost, KEEPALIVE_BUDGET_BYTES } from './keepalive-budget';
import { storageKeys, type SimpleStorage } from './safe-storage';

export interface QueuedRecord<T> {
  /** The client id: unique, chosen before the first send, deduped on by the server. */
  id: string;
  /** When it was queued (ms), then its place among records queued in the same ms. */
  at: number;
  seq: number;
  payload: T;
}

export interface DeadRecord<T> extends QueuedRecord<T> {
  reason: string;
}

/** Sends one record; resolves once the server acknowledged it, rejects with the failure. */
export type QueueSend<T> = (record: QueuedRecord<T>, options: { keepalive: boolean }) => Promise<unknown>;

export interface DurableQueueOptions<T> {
  storage: SimpleStorage;
  /** Every record's storage key starts with it, e.g. `chi.showcase.queue.`; dead letters under `<prefix>dead.` */
  prefix: string;
  send: QueueSend<T>;
  classify: ClassifyFailure;
  random?: () => number;
  now?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told about every permanent rejection, so it never goes unnoticed. */
  onDeadLetter?: (letter: DeadRecord<T>) => void;
}

export interface DurableQueueSnapshot {
  pendingCount: number;
  deadCount: number;
  /** A send failed and the queue waits to try again, for a visible "waiting" state. */
  retrying: boolean;
}

function byQueueOrder(a: QueuedRecord<unknown>, b: QueuedRecord<unknown>): number {
  return a.at - b.at || a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function isRecord(value: unknown): value is QueuedRecord<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<QueuedRecord<unknown>>;
  return typeof record.id === 'string' && typeof record.at === 'number' && typeof record.seq === 'number' && 'payload' in record;
}

export class DurableQueue<T> {
  private pending: QueuedRecord<T>[] = [];
  private dead: DeadRecord<T>[] = [];
  /** Ids whose storage write succeeded: only those can be known as delivered elsewhere by a missing key. */
  private readonly stored = new Set<string>();
  private seq = 0;
  private running = false;
  private stopped = true;
  private retrying = false;
  private wake: (() => void) | undefined;
  private readonly listeners = new Set<() => void>();
  private snapshot: DurableQueueSnapshot;

  constructor(private readonly options: DurableQueueOptions<T>) {
    this.load();
    this.snapshot = this.makeSnapshot();
  }

  private get deadPrefix(): string {
    return `${this.options.prefix}dead.`;
  }

  /** Starts (or resumes) sending, including whatever a previous page left pending. */
  start(): void {
    this.stopped = false;
    void this.pump();
  }

  /** Stops the sender after the current send (tests, teardown); records stay stored. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** Cuts a back-off short, e.g. when the browser reports it is online again. */
  retryNow(): void {
    this.wake?.();
  }

  /** Stores the record, then wakes the sender. Returns its client id. */
  enqueue(payload: T, id: string = crypto.randomUUID()): string {
    if (this.pending.some((record) => record.id === id)) return id;
    const record: QueuedRecord<T> = { id, at: (this.options.now ?? Date.now)(), seq: this.seq++, payload };
    this.pending.push(record);
    this.write(record);
    this.changed();
    if (!this.stopped) void this.pump();
    return id;
  }

  pendingRecords(): readonly QueuedRecord<T>[] {
    return this.pending;
  }

  pendingCount(): number {
    return this.pending.length;
  }

  deadLetters(): readonly DeadRecord<T>[] {
    return this.dead;
  }

  getSnapshot = (): DurableQueueSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Resolves once nothing is pending: every record acknowledged or dead-lettered. */
  flush(): Promise<void> {
    return new Promise((resolve) => {
      if (this.pending.length === 0) return resolve();
      const unsubscribe = this.subscribe(() => {
        if (this.pending.length > 0) return;
        unsubscribe();
        resolve();
      });
    });
  }

  /**
   * The page is going: sends every pending record at once with keepalive, oldest first within
   * the browser's keepalive budget. Answers cannot be awaited; a record delivered this way is
   * sent again by the next page and deduped by the server.
   */
  sendAllWithKeepalive(budgetBytes = KEEPALIVE_BUDGET_BYTES): void {
    let bytes = 0;
    for (const record of this.pending) {
      bytes += keepaliveCost(record);
      if (bytes > budgetBytes) break;
      this.options.send(record, { keepalive: true }).catch(() => undefined);
    }
  }

  private load(): void {
    const { storage, prefix } = this.options;
    const pending: QueuedRecord<T>[] = [];
    const dead: DeadRecord<T>[] = [];
    for (const key of storageKeys(storage)) {
      if (!key.startsWith(prefix)) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(storage.getItem(key) ?? 'null');
      } catch {
        parsed = null;
      }
      if (!isRecord(parsed)) continue; // A corrupt entry cannot be sent; skip it, keep the rest.
      if (key.startsWith(this.deadPrefix)) dead.push(parsed as DeadRecord<T>);
      else if (key === prefix + parsed.id) {
        pending.push(parsed as QueuedRecord<T>);
        this.stored.add(parsed.id);
      }
    }
    this.pending = pending.sort(byQueueOrder);
    this.dead = dead.sort(byQueueOrder);
  }

  private write(record: QueuedRecord<T>): void {
    try {
      this.options.storage.setItem(this.options.prefix + record.id, JSON.stringify(record));
      this.stored.add(record.id);
    } catch {
      // Storage full: the record still goes out from memory; only the reload guarantee is lost for it.
    }
  }

  private remove(record: QueuedRecord<T>): void {
    const index = this.pending.indexOf(record);
    if (index >= 0) this.pending.splice(index, 1);
    this.stored.delete(record.id);
    try {
      this.options.storage.removeItem(this.options.prefix + record.id);
    } catch {
      // Nothing to do: a leftover is sent again by a later page and deduped by the server.
    }
  }

  /** Another tab (or an earlier send of this page) delivered it: its key is gone. */
  private deliveredElsewhere(record: QueuedRecord<T>): boolean {
    if (!this.stored.has(record.id)) return false;
    try {
      return this.options.storage.getItem(this.options.prefix + record.id) === null;
    } catch {
      return false;
    }
  }

  private deadLetter(record: QueuedRecord<T>, reason: string): void {
    const letter: DeadRecord<T> = { ...record, reason };
    this.remove(record);
    this.dead.push(letter);
    try {
      this.options.storage.setItem(this.deadPrefix + record.id, JSON.stringify(letter));
    } catch {
      // Kept in memory and reported below.
    }
    this.changed();
    this.options.onDeadLetter?.(letter);
  }

  private makeSnapshot(): DurableQueueSnapshot {
    return { pendingCount: this.pending.length, deadCount: this.dead.length, retrying: this.retrying };
  }

  private changed(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of [...this.listeners]) listener();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  /** The one sender: a second call while it runs returns at once, which keeps the order strict. */
  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let attempt = 0;
    try {
      while (!this.stopped) {
        const record = this.pending[0];
        if (!record) break;
        if (this.deliveredElsewhere(record)) {
          this.remove(record);
          this.changed();
          continue;
        }
        try {
          await this.options.send(record, { keepalive: false });
          this.remove(record);
          attempt = 0;
          this.retrying = false;
          this.changed();
        } catch (error) {
          const kind = this.options.classify(error);
          if (kind === 'permanent') {
            this.deadLetter(record, error instanceof Error ? error.message : String(error));
            continue;
          }
          if (!this.retrying) {
            this.retrying = true;
            this.changed();
          }
          // An outdated page (ADR 080): the records wait, stored, for the reload the page asks for.
          if (kind === 'outdated') break;
          const random = this.options.random ?? Math.random;
          await this.sleep(backoffDelay(attempt, random, this.options.baseDelayMs, this.options.maxDelayMs));
          attempt += 1;
        }
      }
    } finally {
      this.running = false;
    }
  }
}

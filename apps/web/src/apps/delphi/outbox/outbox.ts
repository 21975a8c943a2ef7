/**
 * The durable outbox (DESIGN §7): every game record is written to localStorage before it is
 * sent, then one sender delivers the records strictly in order, retrying with back-off until
 * the server acknowledges. A closed tab, a reload or a server down for minutes loses nothing:
 * a new instance on the same key resumes where the old one stopped, and another tab adopts
 * what a closed tab left (see tab-lease.ts). Its retry policy is the shell's
 * (shell/durable-queue/retry-policy.ts), shared with the generic durable queue (ADR 031).
 */
import { backoffDelay, type ClassifyFailure } from '../../../shell/durable-queue/retry-policy';

/** `logEvent`: a session event (ADR 026); its `gameRef` is '' outside a game. */
export const OUTBOX_KINDS = ['startGame', 'endGame', 'startRound', 'endRound', 'logPrompt', 'logResponse', 'logEvent'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxRecord {
  _clientId: string;
  kind: OutboxKind;
  /** The `_clientId` of the game's startGame: later records get the server's game id from it. */
  gameRef: string;
  /** The call's input without `game` (filled in at send time) */
  input: Record<string, unknown>;
}

export interface DeadLetter extends OutboxRecord {
  reason: string;
}

interface Persisted {
  pending: OutboxRecord[];
  dead: DeadLetter[];
  /** startGame `_clientId` → server game id; persisted so a reload can still send the game's records. */
  gameIds: Record<string, string>;
}

/** Sends one record; resolves with the acknowledgement or rejects with the failure. */
export type OutboxTransport = (kind: OutboxKind, input: Record<string, unknown>, id?: string) => Promise<{ _id: string }>;


export interface OutboxOptions {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Where the records live; null keeps them in memory until `attach` names this tab's key. */
  key: string | null;
  transport: OutboxTransport;
  classify: ClassifyFailure;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told about every permanent rejection, so it never goes unnoticed. */
  onDeadLetter?: (letter: DeadLetter) => void;
  /**
   * When the sender wakes for a record just queued (stored already): at once by default. The
   * page's outboxes wake it after the frame that shows what queued it (outbox-client.ts), so a
   * tap's screen or a stimulus's onset frame does not wait for the request being built and sent.
   */
  schedule?: (wake: () => void) => void;
}

export interface OutboxSnapshot {
  pendingCount: number;
  /**
   * The pending game records, session events (`logEvent`) left out: what the hub calls answers
   * waiting to be saved. A focus event logged by the tap that enters a study page's iframe must
   * not insert that line above the tiles between the tap's down and up (the tap was lost).
   */
  answersPending: number;
  deadCount: number;
  /** The last failure while retrying (cleared on the next acknowledgement), for a visible "waiting" state. */
  retrying: boolean;
}

function emptyState(): Persisted {
  return { pending: [], dead: [], gameIds: {} };
}

function parseState(raw: string | null): Persisted {
  if (!raw) return emptyState();
  try {
    const parsed = JSON.parse(raw) as Partial<Persisted>;
    return { pending: parsed.pending ?? [], dead: parsed.dead ?? [], gameIds: parsed.gameIds ?? {} };
  } catch {
    // A corrupt entry cannot be sent anyway; starting empty keeps the games playable.
    return emptyState();
  }
}

export class Outbox {
  private state: Persisted;
  private key: string | null;
  private running = false;
  private stopped = false;
  private retrying = false;
  private wake: (() => void) | undefined;
  private readonly listeners = new Set<() => void>();
  private snapshot: OutboxSnapshot;

  constructor(private readonly options: OutboxOptions) {
    this.key = options.key;
    this.state = this.key === null ? emptyState() : parseState(options.storage.getItem(this.key));
    this.snapshot = this.makeSnapshot();
  }

  /** Resumes sending whatever a previous page left pending. */
  start(): void {
    this.stopped = false;
    void this.pump();
  }

  /** Cuts a back-off short, e.g. when the browser reports it is online again. */
  retryNow(): void {
    this.wake?.();
  }

  /** Stops the sender after the current send (tests, page teardown); records stay stored. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** Stores the record, then wakes the sender. Returns the record's `_clientId`. */
  enqueue(kind: OutboxKind, gameRef: string, input: Record<string, unknown>, clientId: string = crypto.randomUUID()): string {
    this.state.pending.push({ _clientId: clientId, kind, gameRef, input: { ...input, _clientId: clientId } });
    this.persist();
    if (!this.stopped) this.wakeSender();
    return clientId;
  }

  private wakeScheduled = false;

  /** Wakes the sender once for every record queued before it wakes (`schedule`). */
  private wakeSender(): void {
    const schedule = this.options.schedule;
    if (!schedule) {
      void this.pump();
      return;
    }
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    schedule(() => {
      this.wakeScheduled = false;
      if (!this.stopped) void this.pump();
    });
  }

  /**
   * Starts persisting under `key` (this tab's, once its Web Lock is held), first taking over
   * what an earlier page of this tab left there: those records are older, so they go first.
   */
  attach(key: string): void {
    this.key = key;
    this.merge(parseState(this.options.storage.getItem(key)), 'front');
  }

  /**
   * Takes over the records of a closed tab (its stored JSON). They are appended in their own
   * order: a game's records all come from one tab, so every game keeps its order.
   */
  adopt(raw: string | null): void {
    this.merge(parseState(raw), 'back');
  }

  /** The records not yet acknowledged, oldest first (for the keepalive send when the page goes). */
  pendingRecords(): readonly OutboxRecord[] {
    return this.state.pending;
  }

  /** startGame `_clientId` → server game id, as far as acknowledged. */
  knownGameIds(): Readonly<Record<string, string>> {
    return this.state.gameIds;
  }

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  pendingCount(gameRef?: string): number {
    return gameRef === undefined ? this.state.pending.length : this.state.pending.filter((r) => r.gameRef === gameRef).length;
  }

  deadLetters(): readonly DeadLetter[] {
    return this.state.dead;
  }

  gameId(gameRef: string): string | undefined {
    return this.state.gameIds[gameRef];
  }

  /** Names the server id of a game this outbox did not start (known from the suite), so records can be sent for it. */
  rememberGameId(gameRef: string, gameId: string): void {
    if (this.state.gameIds[gameRef] !== undefined) return;
    this.state.gameIds[gameRef] = gameId;
    this.persist();
  }

  /** Resolves once no record (of this game, when given) is pending: all acknowledged or dead-lettered. */
  flush(gameRef?: string): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.pendingCount(gameRef) > 0) return false;
        resolve();
        return true;
      };
      if (check()) return;
      const unsubscribe = this.subscribe(() => {
        if (check()) unsubscribe();
      });
    });
  }

  private merge(other: Persisted, where: 'front' | 'back'): void {
    const queued = new Set(this.state.pending.map((record) => record._clientId));
    const fresh = other.pending.filter((record) => !queued.has(record._clientId));
    this.state.pending = where === 'front' ? [...fresh, ...this.state.pending] : [...this.state.pending, ...fresh];
    const dead = new Set(this.state.dead.map((letter) => letter._clientId));
    this.state.dead.push(...other.dead.filter((letter) => !dead.has(letter._clientId)));
    this.state.gameIds = { ...other.gameIds, ...this.state.gameIds };
    this.persist();
    if (fresh.length > 0 && !this.stopped) void this.pump();
  }

  /** Removes the record just sent; by identity, since `attach` may have put older records in front of it meanwhile. */
  private settle(record: OutboxRecord): void {
    const index = this.state.pending.indexOf(record);
    if (index >= 0) this.state.pending.splice(index, 1);
  }

  private makeSnapshot(): OutboxSnapshot {
    return {
      pendingCount: this.state.pending.length,
      answersPending: this.state.pending.filter((record) => record.kind !== 'logEvent').length,
      deadCount: this.state.dead.length,
      retrying: this.retrying,
    };
  }

  private persist(): void {
    try {
      if (this.key !== null) this.options.storage.setItem(this.key, JSON.stringify(this.state));
    } catch {
      // Storage full or blocked (private mode): the records still go out from memory, so the
      // game goes on; only the reload guarantee is lost for them.
    }
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

  private deadLetter(record: OutboxRecord, reason: string): void {
    const letter: DeadLetter = { ...record, reason };
    this.settle(record);
    this.state.dead.push(letter);
    this.persist();
    this.options.onDeadLetter?.(letter);
  }

  /** The one sender: a second call while it runs returns at once, which keeps the order strict. */
  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let attempt = 0;
    try {
      while (!this.stopped) {
        const record = this.state.pending[0];
        if (!record) break;
        let input = record.input;
        let id: string | undefined;
        if (record.kind === 'logEvent') {
          // An event outside a game, or of a game whose start was refused, goes without a game.
          const gameId = record.gameRef === '' ? undefined : this.state.gameIds[record.gameRef];
          if (gameId !== undefined) input = { ...input, game: gameId };
        } else if (record.kind !== 'startGame') {
          const gameId = this.state.gameIds[record.gameRef];
          if (gameId === undefined) {
            // Its startGame was rejected (already played elsewhere): the record can never be delivered.
            this.deadLetter(record, 'The game was not started.');
            continue;
          }
          if (record.kind === 'endGame') id = gameId;
          else input = { ...input, game: gameId };
        }
        try {
          const ack = await this.options.transport(record.kind, input, id);
          if (record.kind === 'startGame') this.state.gameIds[record.gameRef] = ack._id;
          this.settle(record);
          attempt = 0;
          this.retrying = false;
          this.persist();
        } catch (error) {
          const kind = this.options.classify(error);
          if (kind === 'permanent') {
            this.deadLetter(record, error instanceof Error ? error.message : String(error));
            continue;
          }
          if (!this.retrying) {
            this.retrying = true;
            this.persist();
          }
          // Re-sent every few seconds, an outdated page's records reached the server for as long as
          // the tab stayed open: they wait, stored, for the reload the page asks for.
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

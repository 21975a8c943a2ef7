/**
 * Runs database jobs in this process (ADR 007). Every process runs one worker: it claims a
 * due job of a kind it knows, renews the lease while the job runs (heartbeat), and finishes
 * or fails the row. Nothing lives only in memory: a job is a row from the moment it is
 * enqueued, and a job whose process died is claimed again once its lease lapses.
 *
 *   worker.define({ kind: 'thing', payload: z.object({ id: z.string() }), run: async ({ payload, signal }) => … });
 *   await worker.enqueue('thing', { id });         // any process; wakes this one at once
 *   worker.schedule('clean-up', HOUR);             // at most one job per slot across processes
 *
 * A handler that throws fails its job (its `onFail` marks the domain record); only a lost
 * process makes a job run again, up to `maxAttempts` times. Closing the worker aborts the
 * running handler's signal and hands the job back (queued) for any process to resume.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseSchema } from '../db/schema';
import { claimJob, failJob, finishJob, insertJob, releaseJob, renewLease } from './job.repo';
import type { JobRecord, NewJob } from './job.repo';

export interface JobContext<P> {
  readonly job: JobRecord;
  readonly payload: P;
  /** Aborted when the process shuts down or the lease was lost: stop writing, throw. */
  readonly signal: AbortSignal;
  /** Renews the lease now; throws LeaseLostError when another process has taken the job over. */
  heartbeat(): Promise<void>;
}

export type FailReason = { readonly kind: 'error'; readonly error: unknown } | { readonly kind: 'attempts'; readonly attempts: number };

export interface JobDefinition<P> {
  readonly kind: string;
  /** Checks a payload read back from the database. */
  readonly payload: z.ZodType<P>;
  readonly run: (context: JobContext<P>) => Promise<void>;
  /** The job is given up (its handler threw, or its processes kept dying): mark what it was for. */
  readonly onFail?: (payload: P, reason: FailReason) => Promise<void>;
}

export interface JobWorkerOptions {
  readonly db: Kysely<DatabaseSchema>;
  readonly postgres: boolean;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  /** How long a claim holds without a heartbeat; a dead process's job waits this long. */
  readonly leaseMs: number;
  /** How often an idle worker looks for jobs enqueued by other processes. */
  readonly pollMs: number;
}

export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(id: string) {
    super(`job ${id}: another process has taken over its lease`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

class ShutdownError extends Error {
  override readonly name = 'ShutdownError';
}

export class JobWorker {
  /** Names this process in lease owners (`host:pid:random`), so operators can tell who holds a job. */
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly schedules: { kind: string; everyMs: number }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private claims = 0;
  private loop: Promise<void> | undefined;
  private closing = false;
  private wakeUp: (() => void) | undefined;
  private wakeRequested = false;
  private busy = false;
  private idleWaiters: (() => void)[] = [];
  private current: AbortController | undefined;

  constructor(private readonly options: JobWorkerOptions) {}

  define<P>(definition: JobDefinition<P>): void {
    if (this.definitions.has(definition.kind)) throw new Error(`job kind ${definition.kind} is defined twice`);
    this.definitions.set(definition.kind, definition as JobDefinition<unknown>);
  }

  /** Enqueues a job (a row first, so it survives this process) and wakes this worker. */
  async enqueue(kind: string, payload: unknown, job: Omit<NewJob, 'kind' | 'payload'> = {}): Promise<string> {
    const { id } = await insertJob(this.options.db, { ...job, kind, payload }, this.options.now());
    this.wake();
    return id;
  }

  /**
   * Every process calls this; each slot of `everyMs` gets one job with the id `kind@slot`,
   * created by whichever process comes first (insert-if-absent), run by one of them.
   */
  schedule(kind: string, everyMs: number): void {
    this.schedules.push({ kind, everyMs });
  }

  start(): void {
    if (this.loop || this.closing) return;
    for (const { kind, everyMs } of this.schedules) {
      const timer = setInterval(() => void this.enqueueSlot(kind, everyMs), Math.min(everyMs, 60_000));
      timer.unref();
      this.timers.push(timer);
    }
    this.busy = true;
    // The current slots first, so the first look for work already finds them.
    const scheduled = Promise.all(this.schedules.map(({ kind, everyMs }) => this.enqueueSlot(kind, everyMs)));
    this.loop = scheduled.then(() => this.run());
  }

  /** Looks for work now instead of at the next poll. */
  wake(): void {
    this.wakeRequested = true;
    // A closed worker runs nothing more, so it never becomes busy again (idle() resolves).
    this.busy = this.loop !== undefined && !this.closing;
    this.wakeUp?.();
  }

  /** Resolves once this worker found nothing more to do (tests and the benchmark wait on it). */
  idle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    this.current?.abort(new ShutdownError('the server is shutting down'));
    this.wakeUp?.();
    await this.loop;
    this.setIdle();
  }

  private async enqueueSlot(kind: string, everyMs: number): Promise<void> {
    const slot = new Date(Math.floor(this.options.now().getTime() / everyMs) * everyMs).toISOString();
    try {
      const { created } = await insertJob(this.options.db, { id: `${kind}@${slot}`, kind, payload: {} }, this.options.now());
      if (created) this.wake();
    } catch (error) {
      this.options.log.error({ err: error, kind }, 'could not schedule a job');
    }
  }

  private setIdle(): void {
    this.busy = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async run(): Promise<void> {
    const { db, postgres, leaseMs, now, log } = this.options;
    while (!this.closing) {
      this.wakeRequested = false;
      let job: JobRecord | undefined;
      try {
        this.claims += 1;
        job = await claimJob(db, { kinds: [...this.definitions.keys()], owner: `${this.id}:${this.claims}`, leaseMs, now: now(), postgres });
      } catch (error) {
        if (!this.closing) log.error({ err: error }, 'could not claim a job');
      }
      if (job && this.closing) {
        await releaseJob(db, job.id, job.lease_owner ?? '').catch(() => undefined);
      } else if (job) {
        await this.execute(job);
        continue;
      }
      if (this.wakeRequested || this.closing) continue;
      this.setIdle();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
      this.busy = true;
    }
  }

  private async execute(job: JobRecord): Promise<void> {
    const { db, leaseMs, now, log } = this.options;
    const owner = job.lease_owner ?? '';
    const definition = this.definitions.get(job.kind);
    if (!definition) return;
    const parsed = definition.payload.safeParse(parseJson(job.payload));
    if (!parsed.success) {
      log.error({ jobId: job.id, kind: job.kind }, 'job payload does not match its kind; failed');
      await failJob(db, job.id, owner, 'invalid payload', now()).catch(() => undefined);
      return;
    }
    const payload = parsed.data;
    if (Number(job.attempts) > Number(job.max_attempts)) {
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job given up: its processes kept stopping');
      await this.giveUp(definition, job, owner, payload, { kind: 'attempts', attempts: Number(job.max_attempts) }, 'too many attempts');
      return;
    }
    if (Number(job.attempts) > 1) log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'taking over a job whose process stopped');

    const controller = new AbortController();
    this.current = controller;
    const heartbeat = async (): Promise<void> => {
      if (!(await renewLease(db, job.id, owner, leaseMs, now()))) {
        const lost = new LeaseLostError(job.id);
        controller.abort(lost);
        throw lost;
      }
    };
    const timer = setInterval(() => {
      heartbeat().catch((error: unknown) => {
        if (!(error instanceof LeaseLostError)) log.warn({ err: error, jobId: job.id }, 'job heartbeat failed; retrying');
      });
    }, Math.max(10, Math.floor(leaseMs / 3)));
    try {
      await definition.run({ job, payload, signal: controller.signal, heartbeat });
      if (!(await finishJob(db, job.id, owner, now()))) log.warn({ jobId: job.id }, 'job finished after another process took it over');
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (reason instanceof ShutdownError) {
        await releaseJob(db, job.id, owner).catch(() => undefined);
      } else if (reason instanceof LeaseLostError || error instanceof LeaseLostError) {
        log.warn({ jobId: job.id }, 'job lost its lease to another process; stopped here');
      } else {
        log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
        await this.giveUp(definition, job, owner, payload, { kind: 'error', error }, error instanceof Error ? error.message : String(error));
      }
    } finally {
      clearInterval(timer);
      this.current = undefined;
    }
  }

  private async giveUp(definition: JobDefinition<unknown>, job: JobRecord, owner: string, payload: unknown, reason: FailReason, message: string): Promise<void> {
    const { db, now, log } = this.options;
    try {
      await definition.onFail?.(payload, reason);
      await failJob(db, job.id, owner, message.slice(0, 1000), now());
    } catch (error) {
      log.error({ err: error, jobId: job.id }, 'could not mark a job failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job worker (app.ts); modules define their kinds on it. */
    jobs?: JobWorker;
  }
}

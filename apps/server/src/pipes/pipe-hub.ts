/**
 * Pipes (ADR 020): named streams of events that background work writes and browsers read as
 * Server-Sent Events. Every event is a row (`pipe_events`), so
 * - a client that reconnects resumes after the last id it saw, nothing lost, nothing twice;
 * - any process can serve the stream of work running in another: a writer notifies readers
 *   in its own process at once, other processes through PostgreSQL NOTIFY, and every reader
 *   also looks again after `pollMs` (the only cross-process path on SQLite, where several
 *   processes share one file).
 *
 *   await hub.publish(pipe, { type: 'token', ... });
 *   const stop = hub.subscribe(pipe, () => readMore());
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from '../db/schema';
import './pipe-tables';

export interface PipeHubOptions {
  readonly db: Kysely<DatabaseSchema>;
  /** PostgreSQL URL and schema: readers LISTEN for other processes' writes. */
  readonly postgres?: { readonly url: string; readonly schema?: string | undefined };
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  /** How often a waiting reader looks for rows written by other processes without a notice. */
  readonly pollMs: number;
}

export interface PipeEventRow {
  readonly id: number;
  readonly data: string;
}

/** Events are kept this long for reconnecting readers, then removed by the clean-up. */
export const PIPE_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

export class PipeHub {
  private readonly emitter = new EventEmitter();
  private listener: pg.Client | undefined;
  private listening: Promise<void> | undefined;
  private closed = false;
  readonly channel: string;

  constructor(private readonly options: PipeHubOptions) {
    this.emitter.setMaxListeners(0);
    // One channel per schema: tests (and deployments) sharing a PostgreSQL server stay apart.
    this.channel = `chi_pipes_${options.postgres?.schema ?? 'public'}`.slice(0, 63);
  }

  get pollMs(): number {
    return this.options.pollMs;
  }

  /**
   * Gives the pipe to the user who names it first; answers whether `ownerId` may use it.
   * Pipe names are chosen by clients, so someone else's name is refused, never shared.
   */
  async claim(pipe: string, ownerId: string): Promise<boolean> {
    const { db, now } = this.options;
    await db
      .insertInto('pipes')
      .values({ name: pipe, owner_id: ownerId, created_at: now().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('pipes').select('owner_id').where('name', '=', pipe).executeTakeFirst();
    return row?.owner_id === ownerId;
  }

  /** Appends an event (JSON) to the pipe and wakes its readers everywhere; answers the event id. */
  async publish(pipe: string, data: unknown): Promise<number> {
    const { db, now } = this.options;
    const row = await db
      .insertInto('pipe_events')
      .values({ pipe, data: JSON.stringify(data), created_at: now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.emitter.emit(pipe);
    if (this.options.postgres) {
      await sql`select pg_notify(${this.channel}, ${pipe})`.execute(db).catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'pipe notify failed; readers elsewhere poll');
      });
    }
    return Number(row.id);
  }

  /** Events after `afterId`, oldest first. */
  async readAfter(pipe: string, afterId: number, limit = 500): Promise<PipeEventRow[]> {
    const rows = await this.options.db
      .selectFrom('pipe_events')
      .select(['id', 'data'])
      .where('pipe', '=', pipe)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), data: row.data }));
  }

  /** Calls `wake` whenever the pipe may have new events; answers the unsubscribe. */
  subscribe(pipe: string, wake: () => void): () => void {
    this.emitter.on(pipe, wake);
    void this.listen();
    return () => this.emitter.off(pipe, wake);
  }

  /** Removes events past their retention (the clean-up job calls it). */
  async cleanUp(): Promise<number> {
    const before = new Date(this.options.now().getTime() - PIPE_EVENT_RETENTION_MS).toISOString();
    const events = await this.options.db.deleteFrom('pipe_events').where('created_at', '<', before).executeTakeFirst();
    await this.options.db.deleteFrom('pipes').where('created_at', '<', before).execute();
    return Number(events.numDeletedRows);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.emitter.removeAllListeners();
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  private listen(): Promise<void> {
    const postgres = this.options.postgres;
    if (!postgres || this.closed) return Promise.resolve();
    this.listening ??= (async () => {
      const client = new pg.Client({
        connectionString: postgres.url,
        ...(postgres.schema ? { options: `-c search_path=${postgres.schema}` } : {}),
      });
      client.on('notification', (message) => {
        if (message.channel === this.channel && message.payload) this.emitter.emit(message.payload);
      });
      client.on('error', (error) => {
        this.options.log.warn({ err: error }, 'pipe listener lost its connection; readers poll until it is back');
        this.listener = undefined;
        this.listening = undefined;
      });
      try {
        await client.connect();
        await client.query(`listen "${this.channel}"`);
        if (this.closed) await client.end();
        else this.listener = client;
      } catch (error) {
        this.options.log.warn({ err: error }, 'pipe listener could not connect; readers poll');
        this.listening = undefined;
        await client.end().catch(() => undefined);
      }
    })();
    return this.listening;
  }
}

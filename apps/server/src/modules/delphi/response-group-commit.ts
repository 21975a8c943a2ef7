/**
 * Group commit of response rows on SQLite (issue 27, ADR 070): the logResponse calls that reach
 * their INSERT while another group is being written wait for it and are then written together
 * in one transaction: one WAL commit (and one write of each touched page: the response's table
 * and indexes, its plot cells, its game's figures) for the group instead of one per row. Each
 * caller is still answered only after the commit that holds its row; under no load a group is
 * one row and nothing waits.
 *
 * Every row keeps its own outcome: stored, or already there (ON CONFLICT DO NOTHING on
 * UNIQUE (suite_id, client_id), also between two rows of one group). If the group's write
 * fails (one row breaks a constraint, the database is busy too long), each row is written again
 * on its own, so one bad row never fails its neighbours and every caller gets its own error.
 *
 * PostgreSQL writes each row on its own, concurrently on the pool, as before: its WAL flush
 * already serves every commit waiting at that moment, and a group there would hold 0036's
 * advisory locks (one per game name and shard, 40 in all) for every game of the group at once,
 * serialising the processes behind one another (tried: see ADR 070).
 */
import { PostgresAdapter, type Insertable } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { Db } from './delphi-db';

export type ResponseRow = Omit<Required<Insertable<DatabaseSchema['delphi_responses']>>, 'seq'>;

/** Writes one row on its own (the compiled single-row INSERT); answers whether it was stored. */
export type InsertOne = (db: Db, row: ResponseRow, runIn?: Db) => Promise<boolean>;

interface Waiting {
  readonly row: ResponseRow;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/** Largest group: a transaction that holds the one SQLite connection stays short. */
const MAX_GROUP = 200;

class GroupCommit {
  private queue: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly db: Db,
    private readonly insertOne: InsertOne,
  ) {}

  insert(row: ResponseRow): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      // A group being written takes no new rows; the next starts when it is durable.
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      // The calls that arrive in this turn of the event loop join the first group too.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, MAX_GROUP);
        await this.write(group);
      }
    } finally {
      this.writing = false;
    }
  }

  private async write(group: Waiting[]): Promise<void> {
    if (group.length > 1) {
      let stored: boolean[] | undefined;
      try {
        stored = await this.writeGroup(group.map((w) => w.row));
      } catch {
        // Written again one by one below: each caller gets its own row's outcome or error.
      }
      if (stored) {
        group.forEach((w, i) => w.resolve(stored[i] ?? false));
        return;
      }
    }
    await Promise.all(group.map(async (w) => {
      try {
        w.resolve(await this.insertOne(this.db, w.row));
      } catch (error) {
        w.reject(error);
      }
    }));
  }

  /** Every row in one commit; answers, per row in the given order, whether it was stored. */
  private writeGroup(rows: ResponseRow[]): Promise<boolean[]> {
    return this.db.transaction().execute(async (trx) => {
      const stored: boolean[] = [];
      for (const row of rows) stored.push(await this.insertOne(this.db, row, trx));
      return stored;
    });
  }
}

const groups = new WeakMap<Db, GroupCommit>();

/** Stores `row` (SQLite: with the rows written alongside it); answers whether it was stored (false: its client id was already there). */
export function insertResponseGrouped(db: Db, row: ResponseRow, insertOne: InsertOne): Promise<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return insertOne(db, row);
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db, insertOne);
    groups.set(db, group);
  }
  return group.insert(row);
}

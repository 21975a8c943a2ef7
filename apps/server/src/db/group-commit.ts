/**
 * Group commit on SQLite (issue 27, ADR 070): the single-statement writes that arrive while a
 * group is being written wait for it and are then written together in one transaction: one WAL
 * commit for the group instead of one per write. Each caller is still answered only after the
 * commit that holds its write; under no load a group is one write and nothing waits. The writes
 * of a group run one after the other in arrival order, each with the statement it would have run
 * alone, so each answers what it would have answered alone then.
 *
 * ONE queue per database for every kind of grouped write (the rate-limit counts and the response
 * rows): one logResponse's count and another's row share a commit, so a record costs one WAL
 * commit's share instead of two (ADR 070, branch h20). A record's own count is still committed
 * before its checks run: its caller awaits the count's group before going on.
 *
 * If the group's transaction fails (one write breaks a constraint, the database is busy too
 * long), it is rolled back whole and each write runs again on its own, so one bad write never
 * fails its neighbours and every caller gets its own outcome or error.
 *
 * PostgreSQL runs each write on its own, concurrently on the pool: its WAL flush already serves
 * every commit waiting at that moment (see response-group-commit.ts for why grouping is worse there).
 */
import { PostgresAdapter, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema';

type Db = Kysely<DatabaseSchema>;

/** Runs one write on its own, or inside `runIn` (a transaction of `db`); answers its outcome. */
export type WriteOne<I, O> = (db: Db, item: I, runIn?: Db) => Promise<O>;

/** A queued write: runs alone, or inside `runIn` (the group's transaction). */
interface Waiting {
  readonly run: (runIn?: Db) => Promise<unknown>;
  readonly resolve: (outcome: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Largest group: a transaction that holds the one SQLite connection stays short. */
const MAX_GROUP = 200;

class GroupCommit {
  private queue: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  write<O>(run: (runIn?: Db) => Promise<O>): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (outcome: unknown) => void, reject });
      // A group being written takes no new writes; the next starts when it is durable.
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
        await this.writeGroup(group);
      }
    } finally {
      this.writing = false;
    }
  }

  private async writeGroup(group: Waiting[]): Promise<void> {
    if (group.length > 1) {
      let outcomes: unknown[] | undefined;
      try {
        outcomes = await this.db.transaction().execute(async (trx) => {
          const answered: unknown[] = [];
          for (const w of group) answered.push(await w.run(trx));
          return answered;
        });
      } catch {
        // Rolled back whole: written again one by one below, each caller gets its own outcome or error.
      }
      if (outcomes) {
        const done = outcomes;
        group.forEach((w, i) => w.resolve(done[i]));
        return;
      }
    }
    await Promise.all(group.map(async (w) => {
      try {
        w.resolve(await w.run());
      } catch (error) {
        w.reject(error);
      }
    }));
  }
}

/** The one queue of each SQLite database: every `groupCommitted` write of it joins the same groups. */
const groups = new WeakMap<Db, GroupCommit>();

/**
 * `writeOne` grouped per database on SQLite (with every other grouped write of that database),
 * run alone on PostgreSQL. `writeOne` must be one write whose outcome does not depend on being
 * alone in its transaction (an INSERT … ON CONFLICT, an upsert), and it must run in `runIn` when given.
 */
export function groupCommitted<I, O>(writeOne: WriteOne<I, O>): (db: Db, item: I) => Promise<O> {
  return (db, item) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return writeOne(db, item);
    let group = groups.get(db);
    if (!group) {
      group = new GroupCommit(db);
      groups.set(db, group);
    }
    return group.write((runIn) => writeOne(db, item, runIn));
  };
}

/**
 * Group commit of response rows on SQLite (issue 27, ADR 070; the mechanism is db/group-commit.ts): the logResponse calls that reach
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
import type { Insertable } from 'kysely';
import { groupCommitted } from '../../db/group-commit';
import type { DatabaseSchema } from '../../db/schema';
import type { Db } from './delphi-db';

export type ResponseRow = Omit<Required<Insertable<DatabaseSchema['delphi_responses']>>, 'seq'>;

/** Writes one row on its own (the compiled single-row INSERT); answers whether it was stored. */
export type InsertOne = (db: Db, row: ResponseRow, runIn?: Db) => Promise<boolean>;

const grouped = new WeakMap<InsertOne, (db: Db, row: ResponseRow) => Promise<boolean>>();

/** Stores `row` (SQLite: with the rows written alongside it); answers whether it was stored (false: its client id was already there). */
export function insertResponseGrouped(db: Db, row: ResponseRow, insertOne: InsertOne): Promise<boolean> {
  let insert = grouped.get(insertOne);
  if (!insert) {
    insert = groupCommitted(insertOne);
    grouped.set(insertOne, insert);
  }
  return insert(db, row);
}

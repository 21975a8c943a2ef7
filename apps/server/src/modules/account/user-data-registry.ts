/**
 * The person-data registry (ADR 055). Every module that keeps data about an account registers
 * here, once, with the columns that name the account, what "forget about me" does to its rows
 * and what "download my data" shows of them:
 *
 *   userData.register({
 *     name: 'shortLinks',
 *     columns: ['short_links.owner_id'],
 *     forget: async (accountId, trx) => { await trx.updateTable('short_links')…; },
 *     export: async (accountId, db) => db.selectFrom('short_links')…,
 *   });
 *
 * One registration carries both, so no module can be forgotten by one and remembered by the
 * other; `person-data-coverage.test.ts` compares `columns()` with the real schema, so a new
 * table naming an account fails the tests until its module registers it.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

type Db = Kysely<DatabaseSchema>;

/** A column naming an account, as `table.column`. */
export type PersonColumn = `${string}.${string}`;

/** Runs inside the deletion transaction: throwing aborts the whole deletion. */
export type ForgetUserHook = (accountId: string, trx: Db) => Promise<void>;
/** What the module holds on the person; `undefined` leaves its key out of the download. */
export type ExportUserHook = (accountId: string, db: Db) => Promise<unknown>;

export interface PersonData {
  /** The module's key in "download my data". */
  readonly name: string;
  /** Every column of the module's tables that names an account. */
  readonly columns: readonly PersonColumn[];
  readonly forget: ForgetUserHook;
  readonly export: ExportUserHook;
}

export class UserDataRegistry {
  private readonly entries = new Map<string, PersonData>();

  register(entry: PersonData): void {
    if (this.entries.has(entry.name)) throw new Error(`person data named ${entry.name} is already registered`);
    this.entries.set(entry.name, entry);
  }

  /** Every registered column that names an account. */
  columns(): ReadonlySet<PersonColumn> {
    return new Set([...this.entries.values()].flatMap((entry) => entry.columns));
  }

  /** In registration order; the account row itself is deleted by the caller afterwards. */
  async forget(accountId: string, trx: Db): Promise<void> {
    for (const entry of this.entries.values()) await entry.forget(accountId, trx);
  }

  async exportAll(accountId: string, db: Db): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, entry] of this.entries) {
      const data = await entry.export(accountId, db);
      if (data !== undefined) out[name] = data;
    }
    return out;
  }
}

/**
 * Modules that keep data about a person register here, so "forget about me" deletes it and
 * "download my data" includes it without the account module knowing those modules:
 *
 *   userData.onForgetUser(async (accountId, trx) => { await trx.deleteFrom('x').where(...).execute(); });
 *   userData.onExportUser('assistants', async (accountId, db) => ({ threads: [...] }));
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

type Db = Kysely<DatabaseSchema>;

/** Runs inside the deletion transaction: throwing aborts the whole deletion. */
export type ForgetUserHook = (accountId: string, trx: Db) => Promise<void>;
export type ExportUserHook = (accountId: string, db: Db) => Promise<unknown>;

export class UserDataRegistry {
  private readonly forgetHooks: ForgetUserHook[] = [];
  private readonly exportHooks = new Map<string, ExportUserHook>();

  onForgetUser(hook: ForgetUserHook): void {
    this.forgetHooks.push(hook);
  }

  onExportUser(name: string, hook: ExportUserHook): void {
    if (this.exportHooks.has(name)) throw new Error(`an export hook named ${name} already exists`);
    this.exportHooks.set(name, hook);
  }

  async forget(accountId: string, trx: Db): Promise<void> {
    for (const hook of this.forgetHooks) await hook(accountId, trx);
  }

  async exportAll(accountId: string, db: Db): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, hook] of this.exportHooks) out[name] = await hook(accountId, db);
    return out;
  }
}

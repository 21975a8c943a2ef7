/**
 * Nothing can be forgotten by "forget about me" or left out of "download my data" (ADR 055):
 * every column of the real, migrated schema that names an account (a foreign key to accounts,
 * or a name such as owner_id, account_id, created_by) must be registered by its module in the
 * person-data registry, and every registered column must exist.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { UserDataRegistry } from './user-data-registry';

/** Column names that hold an account id wherever they appear. */
const ACCOUNT_COLUMN = /^(?:owner_id|created_by|.*account_id)$/;

async function foreignKeysToAccounts(t: TestApp): Promise<string[]> {
  const { db } = t.database;
  if (t.database.dialect === 'sqlite') {
    const rows = await sql<{ t: string; c: string }>`select m.name as t, p."from" as c from sqlite_master m join pragma_foreign_key_list(m.name) p
      where m.type = 'table' and p."table" = 'accounts'`.execute(db);
    return rows.rows.map((r) => `${r.t}.${r.c}`);
  }
  const rows = await sql<{ t: string; c: string }>`select kcu.table_name as t, kcu.column_name as c
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'accounts' and tc.table_schema = current_schema()`.execute(db);
  return rows.rows.map((r) => `${r.t}.${r.c}`);
}

describe.each(TEST_DIALECTS)('the person-data registry covers the schema (%s)', (dialect) => {
  let t: TestApp;
  const userData = new UserDataRegistry();
  let schemaColumns: Set<string>;
  let accountColumns: string[];
  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { userData } });
    const schema = t.database.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.database.db)).rows[0]?.s : undefined;
    const tables = (await t.database.db.introspection.getTables()).filter((table) => schema === undefined || table.schema === schema);
    schemaColumns = new Set(tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)));
    const byName = tables.flatMap((table) => table.columns.filter((column) => ACCOUNT_COLUMN.test(column.name)).map((column) => `${table.name}.${column.name}`));
    accountColumns = [...new Set([...byName, ...(await foreignKeysToAccounts(t))])].sort();
  });
  afterAll(() => t.close());

  it('finds the columns that name an account (the scan itself works)', () => {
    expect(accountColumns).toEqual(expect.arrayContaining(['sessions.account_id', 'session_keys.created_by', 'assistants.owner_id', 'uploads.owner_id']));
  });

  it('has every such column registered by its module', () => {
    const registered = userData.columns();
    expect(accountColumns.filter((column) => !registered.has(column as `${string}.${string}`))).toEqual([]);
  });

  it('registers only columns that exist', () => {
    expect([...userData.columns()].filter((column) => !schemaColumns.has(column))).toEqual([]);
  });
});

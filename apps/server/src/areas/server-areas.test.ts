/**
 * Every table of the migrated database is owned by exactly one area, or by the platform
 * (ADR 066): an area that creates a table lists it, so the tables an area brings are visible.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate';
import { PLATFORM_TABLES } from '../db/migrations/index';
import { TEST_DIALECTS, createTestDatabase } from '../test/test-app';
import type { TestDatabase } from '../test/test-app';
import { SERVER_AREAS } from './server-areas';

describe('server areas', () => {
  it('have unique names', () => {
    const names = SERVER_AREAS.map((area) => area.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('list each table once', () => {
    const owned = [...PLATFORM_TABLES, ...SERVER_AREAS.flatMap((area) => area.tables)];
    expect(owned.filter((table, i) => owned.indexOf(table) !== i)).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('table owners (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await migrateToLatest(t.database);
  });
  afterAll(() => t.cleanup());

  it('are listed for every table the migrations create', async () => {
    const query =
      dialect === 'postgres'
        ? sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`
        : // SQLite's full-text indexes (virtual tables and their shadow tables) stand in for PostgreSQL's tsvector columns.
          sql<{ name: string }>`select name from sqlite_master as t where type = 'table' and name not like 'sqlite_%'
            and sql not like 'CREATE VIRTUAL TABLE%' and not exists (select 1 from sqlite_master as v
              where v.type = 'table' and v.sql like 'CREATE VIRTUAL TABLE%' and substr(t.name, 1, length(v.name) + 1) = v.name || '_')`;
    const tables = (await query.execute(t.database.db)).rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
    const owned = [...PLATFORM_TABLES, ...SERVER_AREAS.flatMap((area) => area.tables)];
    expect(tables.filter((table) => !owned.includes(table))).toEqual([]);
    // PostgreSQL creates every listed table; SQLite keeps two of the assistants' in its full-text index instead.
    if (dialect === 'postgres') expect([...tables].sort()).toEqual([...owned].sort());
  });
});

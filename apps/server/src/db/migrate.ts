/** Brings the database to the latest schema; runs on every start and in every test app. */
import { Migrator, sql } from 'kysely';
import type { MigrationResult, MigrationResultSet } from 'kysely';
import type { Database } from './database';
import { MIGRATIONS } from './migrations/index';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/** Runs the pending migrations and returns their names (empty when already up to date). */
export async function migrateToLatest(database: Database): Promise<string[]> {
  return namesOf(await (await migratorFor(database)).migrateToLatest());
}

/**
 * Migrates up or down to `target` (a migration's name) and returns the names run: for a
 * migration's own test, which puts rows in as they were before it and then migrates to the latest.
 */
export async function migrateTo(database: Database, target: string): Promise<string[]> {
  return namesOf(await (await migratorFor(database)).migrateTo(target));
}

async function migratorFor(database: Database): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (database.dialect === 'postgres') {
    if (database.schema) await sql`create schema if not exists ${sql.id(database.schema)}`.execute(database.db);
    // Kysely looks for its bookkeeping tables in every schema unless told which one; naming
    // ours keeps two schemas in one database (parallel tests, several deployments) apart.
    const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    migrationTableSchema = current.rows[0]?.schema ?? undefined;
  }
  return new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve({ ...MIGRATIONS }) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

function namesOf({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((result: MigrationResult) => result.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed ? `${failed.migrationName} ` : ''}failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

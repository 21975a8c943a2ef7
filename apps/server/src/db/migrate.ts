/** Brings the database to the latest schema; runs on every start and in every test app. */
import { Migrator, sql } from 'kysely';
import type { MigrationResult } from 'kysely';
import type { Database } from './database';
import { MIGRATIONS } from './migrations/index';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/** Runs the pending migrations and returns their names (empty when already up to date). */
export async function migrateToLatest(database: Database): Promise<string[]> {
  let migrationTableSchema: string | undefined;
  if (database.dialect === 'postgres') {
    if (database.schema) await sql`create schema if not exists ${sql.id(database.schema)}`.execute(database.db);
    // Kysely looks for its bookkeeping tables in every schema unless told which one; naming
    // ours keeps two schemas in one database (parallel tests, several deployments) apart.
    const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    migrationTableSchema = current.rows[0]?.schema ?? undefined;
  }
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve({ ...MIGRATIONS }) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result: MigrationResult) => result.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed ? `${failed.migrationName} ` : ''}failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

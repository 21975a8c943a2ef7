/** For a migration's own test: the name of the migration just before it, to migrate to (db/migrate.ts `migrateTo`) and put old rows in. */
import { MIGRATIONS } from '../db/migrations/index';

/** The migration just before `name`, whatever others come before it (more may be added). */
export function migrationBefore(name: string): string {
  return Object.keys(MIGRATIONS).sort().filter((other) => other < name).at(-1) ?? '';
}

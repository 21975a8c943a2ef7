/**
 * The creavisions area's migrations, in name order (ADR 066). The central list (db/migrations/index.ts)
 * merges them with every other area's by name, so this list adds a migration with one line here.
 */
import type { Migrations } from '../../../areas/server-area';
import * as creavisions from './0020-creavisions';

export const CREAVISIONS_MIGRATIONS: Migrations = {
  '0020-creavisions': creavisions,
};

/**
 * Every migration, in name order (the order Kysely applies them in). An explicit list instead
 * of a directory scan: it works the same under tsx, a bundler or compiled output.
 * The platform's own migrations (and those that create several areas' tables at once) are
 * listed here; every other migration lives in its area's `migrations/` folder and list, and
 * reaches this one through SERVER_AREAS (ADR 066). Names are unique across all of them.
 */
import type { Migrations } from '../../areas/server-area';
import { SERVER_AREAS } from '../../areas/server-areas';
import { mergeMigrations } from './merge-migrations';
import * as serverMeta from './0001-server-meta';
import * as accounts from './0002-accounts';
import * as documents from './0004-documents';
import * as jobsAndRateLimits from './0006-jobs-and-rate-limits';
import * as assistants from './0012-assistants';
import * as storageQuotaIndex from './0027-storage-quota-index';

export const PLATFORM_MIGRATIONS: Migrations = {
  '0001-server-meta': serverMeta,
  '0002-accounts': accounts,
  '0004-documents': documents,
  '0006-jobs-and-rate-limits': jobsAndRateLimits,
  '0012-assistants': assistants,
  '0027-storage-quota-index': storageQuotaIndex,
};

/** The tables of no area: server_meta (db/), jobs (jobs/) and rate_limits (security/). */
export const PLATFORM_TABLES: readonly string[] = ['server_meta', 'jobs', 'rate_limits'];

export const MIGRATIONS: Migrations = mergeMigrations([PLATFORM_MIGRATIONS, ...SERVER_AREAS.map((area) => area.migrations)]);

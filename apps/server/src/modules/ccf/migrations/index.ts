/**
 * The ccf area's migrations, in name order (ADR 066). The central list (db/migrations/index.ts)
 * merges them with every other area's by name, so this list adds a migration with one line here.
 */
import type { Migrations } from '../../../areas/server-area';
import * as ccf from './0013-ccf';
import * as ccfParticipantSecret from './0029-ccf-participant-secret';

export const CCF_MIGRATIONS: Migrations = {
  '0013-ccf': ccf,
  '0029-ccf-participant-secret': ccfParticipantSecret,
};

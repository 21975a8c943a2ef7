/**
 * The account area's migrations, in name order (ADR 066). The central list (db/migrations/index.ts)
 * merges them with every other area's by name, so this list adds a migration with one line here.
 */
import type { Migrations } from '../../../areas/server-area';
import * as profileImage from './0008-profile-image';
import * as personCard from './0034-person-card';

export const ACCOUNT_MIGRATIONS: Migrations = {
  '0008-profile-image': profileImage,
  '0034-person-card': personCard,
};

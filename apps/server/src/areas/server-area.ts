/**
 * What a server area (a module under modules/, or pipes/) brings to the app (ADR 066): its
 * tables, its migrations, and one `register` that adds its routes, defines its jobs and
 * registers its person data. app.ts and the migration list read these through SERVER_AREAS
 * (areas/server-areas.ts), so a new area is its own folder plus one line in that list.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobWorker } from '../jobs/job-worker';
import type { Mailer } from '../mail/mailer';
import type { AssetUsersRegistry } from '../modules/account/asset-users-registry';
import type { UserDataRegistry } from '../modules/account/user-data-registry';
import type { ImageFetchDeps } from '../modules/image-proxy/fetch-image';
import type { RateLimiter } from '../security/rate-limiter';
import type { FileStorage } from '../storage/file-storage';

/** The process-wide services app.ts builds once and hands to every area. */
export interface AreaDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly version: string;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  readonly userData: UserDataRegistry;
  /** Who an asset is shared with, by asset type (LIST_ASSET_USERS; the assistants area registers vector stores). */
  readonly assetUsers: AssetUsersRegistry;
  readonly jobs: JobWorker;
  readonly storage: FileStorage;
  /** Load the Word Links vectors when ready instead of on the first call (the real server; ADR 017). */
  readonly warmUpWordLinks: boolean;
  /** How the image proxy resolves and connects (ADR 058); tests reach a local server with it. */
  readonly imageFetch?: ImageFetchDeps;
}

/** A migration list: name (`NNNN-what`, unique across every area) to migration. */
export type Migrations = Readonly<Record<string, Migration>>;

export interface ServerArea {
  /** The area's folder name, for messages. */
  readonly name: string;
  /**
   * The tables the area's migrations create (typed in its `<area>-tables.ts` when queried
   * through Kysely); a test checks every table of the database has exactly one owner.
   */
  readonly tables: readonly string[];
  /** Its migrations (in its `migrations/` folder); the central list merges every area's by name. */
  readonly migrations: Migrations;
  /** Adds its routes, defines its jobs and registers its person data; called in SERVER_AREAS order. */
  readonly register: (app: FastifyInstance, deps: AreaDeps) => void;
}

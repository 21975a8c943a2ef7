/** What the Delphi routes need; its own file so the export routes need not import delphi.routes.ts back. */
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { JobWorker } from '../../jobs/job-worker';
import type { FileStorage } from '../../storage/file-storage';
import type { UserDataRegistry } from '../account/user-data-registry';

export interface DelphiDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly userData: UserDataRegistry;
  readonly jobs: JobWorker;
  readonly storage: FileStorage;
}

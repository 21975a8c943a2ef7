/**
 * Every migration, in order. An explicit list instead of a directory scan: it works the same
 * under tsx, a bundler or compiled output, and a new migration is one visible line here.
 * Names sort in this order too (Kysely refuses migrations added out of order).
 */
import type { Migration } from 'kysely';
import * as serverMeta from './0001-server-meta';
import * as accounts from './0002-accounts';
import * as delphi from './0003-delphi';
import * as documents from './0004-documents';
import * as delphiLateLinking from './0005-delphi-late-linking';
import * as jobsAndRateLimits from './0006-jobs-and-rate-limits';
import * as delphiGameStatus from './0007-delphi-game-status';
import * as profileImage from './0008-profile-image';
import * as delphiTiming from './0009-delphi-timing';
import * as assistants from './0012-assistants';
import * as ccf from './0013-ccf';
import * as delphiRecordings from './0014-delphi-recordings';
import * as delphiExclusions from './0015-delphi-exclusions';
import * as delphiEvents from './0016-delphi-events';
import * as assistantRetrieval from './0018-assistant-retrieval';
import * as batchImportAndQuantumHr from './0019-batch-import-and-quantum-hr';
import * as creavisions from './0020-creavisions';
import * as quantumStrategies from './0021-quantum-strategies';
import * as batchImportCollections from './0022-batch-import-collections';
import * as delphiPlotCells from './0024-delphi-plot-cells';
import * as assistantLexemeStats from './0026-assistant-lexeme-stats';
import * as storageQuotaIndex from './0027-storage-quota-index';
import * as delphiSuiteKeys from './0028-delphi-suite-keys';
import * as ccfParticipantSecret from './0029-ccf-participant-secret';
import * as delphiSkippedAndPractice from './0030-delphi-skipped-and-practice';
import * as assistantDanishStemming from './0033-assistant-danish-stemming';
import * as personCard from './0034-person-card';
import * as delphiCellLocks from './0036-delphi-cell-locks';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-server-meta': serverMeta,
  '0002-accounts': accounts,
  '0003-delphi': delphi,
  '0004-documents': documents,
  '0005-delphi-late-linking': delphiLateLinking,
  '0006-jobs-and-rate-limits': jobsAndRateLimits,
  '0007-delphi-game-status': delphiGameStatus,
  '0008-profile-image': profileImage,
  '0009-delphi-timing': delphiTiming,
  '0012-assistants': assistants,
  '0013-ccf': ccf,
  '0014-delphi-recordings': delphiRecordings,
  '0015-delphi-exclusions': delphiExclusions,
  '0016-delphi-events': delphiEvents,
  '0018-assistant-retrieval': assistantRetrieval,
  '0019-batch-import-and-quantum-hr': batchImportAndQuantumHr,
  '0020-creavisions': creavisions,
  '0021-quantum-strategies': quantumStrategies,
  '0022-batch-import-collections': batchImportCollections,
  '0024-delphi-plot-cells': delphiPlotCells,
  '0026-assistant-lexeme-stats': assistantLexemeStats,
  '0027-storage-quota-index': storageQuotaIndex,
  '0028-delphi-suite-keys': delphiSuiteKeys,
  '0029-ccf-participant-secret': ccfParticipantSecret,
  '0030-delphi-skipped-and-practice': delphiSkippedAndPractice,
  '0033-assistant-danish-stemming': assistantDanishStemming,
  '0034-person-card': personCard,
  '0036-delphi-cell-locks': delphiCellLocks,
};

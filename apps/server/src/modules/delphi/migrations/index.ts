/**
 * The delphi area's migrations, in name order (ADR 066). The central list (db/migrations/index.ts)
 * merges them with every other area's by name, so this list adds a migration with one line here.
 */
import type { Migrations } from '../../../areas/server-area';
import * as delphi from './0003-delphi';
import * as delphiLateLinking from './0005-delphi-late-linking';
import * as delphiGameStatus from './0007-delphi-game-status';
import * as delphiTiming from './0009-delphi-timing';
import * as delphiRecordings from './0014-delphi-recordings';
import * as delphiExclusions from './0015-delphi-exclusions';
import * as delphiEvents from './0016-delphi-events';
import * as delphiPlotCells from './0024-delphi-plot-cells';
import * as delphiSuiteKeys from './0028-delphi-suite-keys';
import * as delphiSkippedAndPractice from './0030-delphi-skipped-and-practice';
import * as delphiCellLocks from './0036-delphi-cell-locks';
import * as delphiStudies from './0038-delphi-studies';
import * as delphiExportScope from './0039-delphi-export-scope';
import * as delphiCellsFromRow from './0040-delphi-cells-from-row';
import * as delphiDeclineRedirect from './0041-delphi-decline-redirect';
import * as delphiStudyTranslations from './0042-delphi-study-translations';

export const DELPHI_MIGRATIONS: Migrations = {
  '0003-delphi': delphi,
  '0005-delphi-late-linking': delphiLateLinking,
  '0007-delphi-game-status': delphiGameStatus,
  '0009-delphi-timing': delphiTiming,
  '0014-delphi-recordings': delphiRecordings,
  '0015-delphi-exclusions': delphiExclusions,
  '0016-delphi-events': delphiEvents,
  '0024-delphi-plot-cells': delphiPlotCells,
  '0028-delphi-suite-keys': delphiSuiteKeys,
  '0030-delphi-skipped-and-practice': delphiSkippedAndPractice,
  '0036-delphi-cell-locks': delphiCellLocks,
  '0038-delphi-studies': delphiStudies,
  '0039-delphi-export-scope': delphiExportScope,
  '0040-delphi-cells-from-row': delphiCellsFromRow,
  '0041-delphi-decline-redirect': delphiDeclineRedirect,
  '0042-delphi-study-translations': delphiStudyTranslations,
};

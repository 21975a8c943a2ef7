/**
 * The assistants area's migrations, in name order (ADR 066). The central list (db/migrations/index.ts)
 * merges them with every other area's by name, so this list adds a migration with one line here.
 */
import type { Migrations } from '../../../areas/server-area';
import * as assistantRetrieval from './0018-assistant-retrieval';
import * as batchImportAndQuantumHr from './0019-batch-import-and-quantum-hr';
import * as quantumStrategies from './0021-quantum-strategies';
import * as batchImportCollections from './0022-batch-import-collections';
import * as assistantLexemeStats from './0026-assistant-lexeme-stats';
import * as assistantDanishStemming from './0033-assistant-danish-stemming';
import * as vectorStoreShares from './0035-vector-store-shares';

export const ASSISTANT_MIGRATIONS: Migrations = {
  '0018-assistant-retrieval': assistantRetrieval,
  '0019-batch-import-and-quantum-hr': batchImportAndQuantumHr,
  '0021-quantum-strategies': quantumStrategies,
  '0022-batch-import-collections': batchImportCollections,
  '0026-assistant-lexeme-stats': assistantLexemeStats,
  '0033-assistant-danish-stemming': assistantDanishStemming,
  '0035-vector-store-shares': vectorStoreShares,
};

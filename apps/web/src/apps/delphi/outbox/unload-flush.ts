/**
 * What the outbox sends when the page goes away (ADR 005, ADR 072). Where the browser denies
 * storage (a study platform's iframe) the outbox lives in memory only, so on `pagehide` the
 * pending records go out with `fetch(…, { keepalive: true })`, which outlives the page; the page
 * cannot wait for answers. They go as ONE ordered batch (LOG_RECORDS): the server stores them in
 * this order, so
 * - a game whose start the server has not answered yet is named by its startGame's
 *   `_clientId` (`gameClientId`): the batch's startGame is stored first, its answers with it;
 * - a record whose game is neither known nor starting in the batch (its start was refused) is
 *   left out, as the outbox would dead-letter it;
 * - a record that names a round or prompt still pending is stored in order anyway (and late
 *   linking still covers records sent before this batch).
 */
import { delphi } from '@chi/contract';
import { KEEPALIVE_BUDGET_BYTES, keepaliveCost } from '../../../shell/durable-queue/keepalive-budget';
import type { OutboxRecord } from './outbox';

export interface UnloadBatch {
  participant: string;
  suite: string;
  records: delphi.BatchRecord[];
}

export interface UnloadPlanOptions {
  budgetBytes?: number;
}

/** A record's input without the credential, which the batch carries once. */
function withoutCredential(input: Record<string, unknown>): Record<string, unknown> {
  const { participant: _participant, suite: _suite, ...rest } = input;
  return rest;
}

function batchRecord(record: OutboxRecord, gameIds: Readonly<Record<string, string>>, starting: ReadonlySet<string>): delphi.BatchRecord | null {
  const { kind, gameRef } = record;
  const input = withoutCredential(record.input);
  if (kind === 'startGame') return { kind, input };
  const gameId = gameIds[gameRef];
  if (gameId !== undefined) return kind === 'endGame' ? { kind, input, id: gameId } : { kind, input: { ...input, game: gameId } };
  if (starting.has(gameRef)) return { kind, input, gameClientId: gameRef };
  // An event outside a game (or of a game whose start was refused) goes without a game.
  if (kind === 'logEvent') return { kind, input };
  return null;
}

/** The batch for the pending records, oldest first within the byte budget; null when nothing can go. */
export function planUnloadBatch(records: readonly OutboxRecord[], gameIds: Readonly<Record<string, string>>, options: UnloadPlanOptions = {}): UnloadBatch | null {
  const first = records[0]?.input;
  if (!first) return null;
  const batch: UnloadBatch = { participant: String(first.participant), suite: String(first.suite), records: [] };
  const budget = options.budgetBytes ?? KEEPALIVE_BUDGET_BYTES;
  let bytes = keepaliveCost(batch);
  const starting = new Set<string>();
  for (const record of records) {
    if (batch.records.length >= delphi.BATCH_MAX_RECORDS) break;
    const item = batchRecord(record, gameIds, starting);
    if (record.kind === 'startGame') starting.add(record.gameRef);
    if (!item) continue;
    const cost = keepaliveCost(item) - keepaliveCost(null) + 1;
    if (bytes + cost > budget) break;
    bytes += cost;
    batch.records.push(item);
  }
  return batch.records.length > 0 ? batch : null;
}

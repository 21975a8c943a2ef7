/**
 * What the outbox sends when the page goes away (ADR 005). Where the browser denies storage (a
 * study platform's iframe) the outbox lives in memory only, so on `pagehide` every pending
 * record goes out with `fetch(…, { keepalive: true })`, which outlives the page. Those requests
 * travel in parallel and the page cannot wait for answers, so:
 * - a record whose game id is unknown (startGame not acknowledged) cannot be sent: only the
 *   startGame goes, so the game still counts as played (never a replay);
 * - a record that names a round or prompt still pending may reach the server before it: the
 *   server stores it and links it when the round or prompt arrives (late linking).
 */
import { KEEPALIVE_BUDGET_BYTES, keepaliveCost } from '../../../shell/durable-queue/keepalive-budget';
import type { OutboxKind, OutboxRecord } from './outbox';

export interface UnloadSend {
  kind: OutboxKind;
  input: Record<string, unknown>;
  /** endGame's path id */
  id?: string;
}

export interface UnloadPlanOptions {
  budgetBytes?: number;
}

/** The sends for the pending records, oldest first within the byte budget. */
export function planUnloadSends(records: readonly OutboxRecord[], gameIds: Readonly<Record<string, string>>, options: UnloadPlanOptions = {}): UnloadSend[] {
  const budget = options.budgetBytes ?? KEEPALIVE_BUDGET_BYTES;
  const sends: UnloadSend[] = [];
  let bytes = 0;
  for (const { input, kind, gameRef } of records) {
    const gameId = gameIds[gameRef];
    let send: UnloadSend | null = null;
    if (kind === 'startGame') send = { kind, input };
    else if (gameId !== undefined) send = kind === 'endGame' ? { kind, input, id: gameId } : { kind, input: { ...input, game: gameId } };
    if (!send) continue;
    const cost = keepaliveCost(send.input);
    if (bytes + cost > budget) break;
    bytes += cost;
    sends.push(send);
  }
  return sends;
}

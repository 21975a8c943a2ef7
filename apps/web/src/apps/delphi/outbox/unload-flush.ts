/**
 * What the outbox sends when the page goes away (ADR 005). Where the browser denies storage (a
 * study platform's iframe) the outbox lives in memory only, so on `pagehide` every pending
 * record goes out with `fetch(…, { keepalive: true })`, which outlives the page. Those requests
 * travel in parallel and the page cannot wait for answers, so:
 * - a record whose game id is unknown (startGame not acknowledged) cannot be sent: only the
 *   startGame goes, so the game still counts as played (never a replay);
 * - a record that names a round or prompt still pending may reach the server before it (400).
 *   It is sent as is, and, when nothing will send it later, once more without that link at
 *   the end of the batch (the name kept in `attributes`). The server stores one `_clientId`
 *   once, so the answer is stored exactly once: linked if its prompt arrived first.
 */
import type { OutboxKind, OutboxRecord } from './outbox';

export interface UnloadSend {
  kind: OutboxKind;
  input: Record<string, unknown>;
  /** endGame's path id */
  id?: string;
}

/** Browsers allow 64 KiB of keepalive bodies in flight per page; leave room for the headers. */
export const KEEPALIVE_BUDGET_BYTES = 56 * 1024;
const HEADER_ALLOWANCE_BYTES = 256;

export interface UnloadPlanOptions {
  /** Add unlinked copies: true when no later page will send these records (memory only). */
  unlinkedCopies: boolean;
  budgetBytes?: number;
}

function sizeOf(send: UnloadSend): number {
  return new TextEncoder().encode(JSON.stringify(send.input)).length + HEADER_ALLOWANCE_BYTES;
}

/** The record without its links to pending records; the link names stay in `attributes`. */
function unlinked(input: Record<string, unknown>, round: boolean, prompt: boolean): Record<string, unknown> {
  const copy = { ...input };
  const attributes = { ...((input.attributes as Record<string, unknown> | undefined) ?? {}) };
  if (round) {
    attributes.unlinkedRound = input.round;
    delete copy.round;
  }
  if (prompt) {
    attributes.unlinkedPrompt = input.prompt;
    delete copy.prompt;
  }
  return { ...copy, attributes };
}

/** The sends for the pending records, oldest first within the byte budget; unlinked copies last. */
export function planUnloadSends(records: readonly OutboxRecord[], gameIds: Readonly<Record<string, string>>, options: UnloadPlanOptions): UnloadSend[] {
  const budget = options.budgetBytes ?? KEEPALIVE_BUDGET_BYTES;
  const pendingRounds = new Set<string>();
  const pendingPrompts = new Set<string>();
  const linked: UnloadSend[] = [];
  const copies: UnloadSend[] = [];
  let bytes = 0;
  for (const record of records) {
    const { input, kind, gameRef } = record;
    const round = typeof input.round === 'string' ? `${gameRef}\n${input.round}` : null;
    if (kind === 'startRound' && round) pendingRounds.add(round);
    if (kind === 'logPrompt') pendingPrompts.add(record._clientId);
    const gameId = gameIds[gameRef];
    let send: UnloadSend | null = null;
    let copy: UnloadSend | null = null;
    if (kind === 'startGame') send = { kind, input };
    else if (gameId !== undefined) {
      send = kind === 'endGame' ? { kind, input, id: gameId } : { kind, input: { ...input, game: gameId } };
      const roundPending = kind !== 'startRound' && kind !== 'endRound' && round !== null && pendingRounds.has(round);
      const promptPending = kind === 'logResponse' && typeof input.prompt === 'string' && pendingPrompts.has(input.prompt);
      if (options.unlinkedCopies && (roundPending || promptPending)) {
        copy = { kind, input: { ...unlinked(input, roundPending, promptPending), game: gameId } };
      }
    }
    if (!send) continue;
    const cost = sizeOf(send) + (copy ? sizeOf(copy) : 0);
    if (bytes + cost > budget) break;
    bytes += cost;
    linked.push(send);
    if (copy) copies.push(copy);
  }
  return [...linked, ...copies];
}

/**
 * How long after the server received a game's end it still takes records made during the game
 * (ADR 043): the outbox sends one game's records in order before its end, but a page leaving
 * sends its pending records in parallel (keepalive, ADR 005), so the end may overtake a few.
 * The server's clock decides, never a time the client claims.
 */
export const LATE_RECORD_GRACE_MS = 5 * 60_000;

/** Whether a game's end (received at `endReceivedAt`, epoch ms) is older than the grace. */
export function endIsPastGrace(endReceivedAt: number, now: Date): boolean {
  return now.getTime() - endReceivedAt > LATE_RECORD_GRACE_MS;
}

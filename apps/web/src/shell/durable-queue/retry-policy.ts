/**
 * When and how often a client queue tries again (ADR 005, ADR 031): shared by the Delphi
 * games' outbox, the generic durable queue and Morning Memo's recording uploader, so all three
 * back off, give up and hold for a reload alike.
 */
import { ApiError, OUTDATED_PAGE } from '../api/errors';

/**
 * Why a send failed, as far as a queue cares. `outdated`: the page is older than its server (ADR
 * 080), so no answer will be understood until it is reloaded. The queue keeps what it holds (it is
 * stored) and stops trying; the reloaded page sends it, and the server stores each record once.
 */
export type FailureKind = 'retry' | 'permanent' | 'outdated';
export type ClassifyFailure = (error: unknown) => FailureKind;

/** Back-off before attempt `attempt + 1`: doubling from the base, capped, with up to half jitter. */
export function backoffDelay(attempt: number, random: () => number, baseMs = 250, maxMs = 10_000): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** 408, 429, 5xx and no answer at all are passing troubles; any other 4xx will never succeed. */
export const classifyFailure: ClassifyFailure = (error) => {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.name === OUTDATED_PAGE.name) return 'outdated';
  const status = error.status;
  if (status === undefined) return error.code === 400 ? 'permanent' : 'retry';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return status >= 400 ? 'permanent' : 'retry';
};

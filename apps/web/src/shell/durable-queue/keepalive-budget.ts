/**
 * Browsers allow 64 KiB of keepalive bodies in flight per page; a queue's send on pagehide
 * stays under this budget, leaving room for the headers (ADR 005, ADR 031).
 */
export const KEEPALIVE_BUDGET_BYTES = 56 * 1024;
export const HEADER_ALLOWANCE_BYTES = 256;

/** The bytes one keepalive request of this JSON body costs against the budget. */
export function keepaliveCost(body: unknown): number {
  return new TextEncoder().encode(JSON.stringify(body)).length + HEADER_ALLOWANCE_BYTES;
}

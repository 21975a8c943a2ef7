/**
 * PostgreSQL aborts one of two transactions that wait on each other ("deadlock detected",
 * SQLSTATE 40P01) and expects the application to run it again. The /Data triggers (migration
 * 0024) took a game's plot-cell rows in statement order, so a burst of a participant's records
 * (a page leaving an iframe sends them all at once) could meet one; since migration 0036 they
 * queue on one advisory lock per game name and shard first (ADR 067), which removes that cause.
 * This stays as a safety net for a cause not foreseen: calls built to be repeated (the delphi
 * records, idempotent by their client id) run through this; anything else reaches the caller.
 */
const DEADLOCK = '40P01';
const ATTEMPTS = 5;

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DEADLOCK;
}

export async function retryOnDeadlock<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= ATTEMPTS) throw error;
      // A short, growing, jittered pause so the two do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}

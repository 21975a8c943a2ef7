/**
 * PostgreSQL aborts one of two transactions that wait on each other ("deadlock detected",
 * SQLSTATE 40P01) and expects the application to run it again. The /Data triggers (migration
 * 0024) add rows locked by every stored response, so a burst of a participant's records (a page
 * leaving an iframe sends them all at once) can meet one. Calls built to be repeated (the delphi
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

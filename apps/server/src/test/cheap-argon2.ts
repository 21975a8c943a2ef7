/**
 * Server test setup (vitest.config.ts, project `server`): argon2 hashes with its smallest cost
 * instead of production's OWASP baseline (19 MiB, 2 passes, secrets.ts). Tests check what the
 * hash guards (a right password logs in, a wrong one does not, no hash leaks), not its cost,
 * and a production hash took about a second per login on the loaded CI machine. Verification
 * reads the cost from the stored hash, so it is cheap too. The shipped server (and every
 * end-to-end test, which runs it) keeps production's cost.
 */
import type * as Argon2 from 'argon2';
import { vi } from 'vitest';

vi.mock('argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  const cheap: typeof real.hash = ((password: Parameters<typeof real.hash>[0], options?: Parameters<typeof real.hash>[1]) =>
    real.hash(password, { ...options, memoryCost: 1024, timeCost: 1 })) as typeof real.hash;
  return { ...real, hash: cheap, default: { ...real.default, hash: cheap } };
});

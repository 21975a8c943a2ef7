/**
 * Runs once before the specs: compiles the server they start (ADR 009), so the suite tests the
 * bundle that ships and a spec run straight through `vitest` never meets a stale one.
 */
import { buildServer } from '../../apps/server/build';

export default async function setup(): Promise<void> {
  await buildServer();
}

/**
 * Whether this page has met a server built from another contract and could not read its answer
 * (ADR 080). Set by the API client; read by whatever must tell the person to reload (a game's
 * saving state: its records wait in this browser meanwhile). A reload is the only way back, so
 * the flag never clears by itself.
 */
import { useSyncExternalStore } from 'react';

let outdated = false;
const listeners = new Set<() => void>();

export function markPageOutdated(): void {
  if (outdated) return;
  outdated = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePageOutdated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => outdated,
    () => false,
  );
}

/** Test helper: a fresh page. */
export function resetPageOutdated(): void {
  outdated = false;
}

/**
 * Whether this page has met a server built from another contract and could not read its answer
 * (ADR 080). Set by the API client; read by whatever must tell the person to reload (a game's
 * saving state: its records wait in this browser meanwhile). A reload is the only way back, so
 * the flag never clears by itself.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../store';

const outdated = createStore(false);

export function markPageOutdated(): void {
  outdated.set(true);
}

export function usePageOutdated(): boolean {
  return useSyncExternalStore(outdated.subscribe, outdated.get, () => false);
}

/** Test helper: a fresh page. */
export function resetPageOutdated(): void {
  outdated.set(false);
}

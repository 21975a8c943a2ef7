/**
 * Unhandled failures of calls (SPEC §2, §8): each becomes a blocking box titled
 * `<action> Error` that stays until the user clicks it. Several can stack.
 */
import { createStore, useStore } from '../store';

export interface ActionErrorEntry {
  readonly id: number;
  /** Descriptor name (e.g. `GET_OPENAPI`); the box shows its translated label. */
  readonly action: string;
  readonly message: string;
}

export const actionErrorStore = createStore<readonly ActionErrorEntry[]>([]);
let nextId = 1;

export function pushActionError(action: string, message: string): ActionErrorEntry {
  const entry: ActionErrorEntry = { id: nextId++, action, message };
  actionErrorStore.set((entries) => [...entries, entry]);
  return entry;
}

export function dismissActionError(id: number): void {
  actionErrorStore.set((entries) => entries.filter((entry) => entry.id !== id));
}

export function clearActionErrors(): void {
  actionErrorStore.set([]);
}

export function useActionErrors(): readonly ActionErrorEntry[] {
  return useStore(actionErrorStore, (entries) => entries);
}

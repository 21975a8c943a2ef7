/**
 * One migration list from every area's (ADR 066): names are unique across areas and the result
 * is in name order, the order Kysely applies them in, wherever the files live.
 */
import type { Migration } from 'kysely';

export function mergeMigrations(lists: readonly Readonly<Record<string, Migration>>[]): Readonly<Record<string, Migration>> {
  const all = new Map<string, Migration>();
  for (const list of lists) {
    for (const [name, migration] of Object.entries(list)) {
      if (all.has(name)) throw new Error(`migration ${name} is listed by two areas`);
      all.set(name, migration);
    }
  }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

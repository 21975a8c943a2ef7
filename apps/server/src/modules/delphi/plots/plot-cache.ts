/**
 * The group's side of a plot, kept per process and keyed by the data's version (ADR 027): the
 * newest response, the responses still waiting for a late prompt (linking one fills in its
 * reaction time, migration 0005's partial index counts them cheaply) and the newest exclusion.
 * Any new response, late link or exclusion changes the version, so an answer is never stale;
 * the cache only spares a study at rest the full scan on every call. Each process has its own
 * (nothing here is state: a cold process computes the same answer).
 */
import { sql } from 'kysely';
import type { Db } from '../delphi-db';

const LIMIT = 64;
type Entries = Map<string, { version: string; value: Promise<unknown> }>;
/** One cache per database (tests run several apps in one process). */
const caches = new WeakMap<Db, Entries>();

/** The data version the plots depend on; three index probes. */
export async function dataVersion(db: Db): Promise<string> {
  const row = await sql<{ responses: number | string | null; waiting: number | string | null; exclusions: number | string | null }>`
    select (select max(seq) from delphi_responses) as responses,
      (select count(*) from delphi_responses where prompt_id is null and prompt_client_id is not null) as waiting,
      (select max(seq) from delphi_exclusion_log) as exclusions`.execute(db);
  const v = row.rows[0];
  return `${String(v?.responses ?? 0)}/${String(v?.waiting ?? 0)}/${String(v?.exclusions ?? 0)}`;
}

/** `compute()`'s answer for `key` at `version`, computed once per version. */
export function cachedAt<T>(db: Db, key: string, version: string, compute: () => Promise<T>): Promise<T> {
  const entries: Entries = caches.get(db) ?? new Map();
  caches.set(db, entries);
  const hit = entries.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = compute();
  entries.delete(key);
  if (entries.size >= LIMIT) entries.delete(entries.keys().next().value ?? '');
  entries.set(key, { version, value });
  // A failed computation is not kept.
  value.catch(() => entries.get(key)?.value === value && entries.delete(key));
  return value;
}

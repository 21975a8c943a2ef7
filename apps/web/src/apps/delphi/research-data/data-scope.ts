/**
 * The study and runs the /Data page shows (ADR 074): from the URL (`?study=<id>`, `?runs=all`),
 * the default study's live runs when absent. Every /Data call passes them; the server checks the
 * caller's level in that study.
 */
import { createContext, useContext } from 'react';
import { delphi } from '@chi/contract';

export interface DataScope {
  readonly study: string;
  readonly runs: delphi.DataRuns;
  /** The caller may exclude and release (manage+ in the study): the page hides what the server would refuse. */
  readonly canManage: boolean;
}

export const DEFAULT_SCOPE: DataScope = { study: delphi.DEFAULT_STUDY_SLUG, runs: 'live', canManage: false };

export const DataScopeContext = createContext<DataScope>(DEFAULT_SCOPE);

export function useDataScope(): DataScope {
  return useContext(DataScopeContext);
}

/** The levels that may exclude participants and release suites (the server checks them again). */
export function managesStudy(access: delphi.StudyAccess | undefined): boolean {
  return access === 'manage' || access === 'own' || access === 'manageApp' || access === 'devOp';
}

/**
 * The study /Data shows: the one the URL names when the caller may read it; without one, the
 * default study for those who may read it (as before), else the caller's most recently changed
 * study (the list comes newest first). `denied`: the URL names a study the caller is not on (the
 * page says so and offers their studies); `study` null and not denied: nothing to show (they are
 * on no study, or the list is loading). An administrator may read every study, so the URL's
 * study is taken as named even before the list arrives. The server checks every call again.
 */
export function pickStudy(
  named: string | null,
  studies: readonly delphi.StudySummary[] | null,
  admin: boolean,
): { study: string | null; current: delphi.StudySummary | undefined; denied: boolean } {
  const find = (key: string) => studies?.find((s) => s.id === key || s.slug === key);
  if (named !== null) {
    const current = find(named);
    if (current) return { study: current.id, current, denied: false };
    if (admin) return { study: named, current: undefined, denied: false };
    return { study: null, current: undefined, denied: studies !== null };
  }
  const fallback = find(delphi.DEFAULT_STUDY_SLUG) ?? (admin ? undefined : studies?.[0]);
  if (fallback) return { study: fallback.id, current: fallback, denied: false };
  return { study: admin ? delphi.DEFAULT_STUDY_SLUG : null, current: undefined, denied: false };
}

/** The study a URL's query names, or null (the page then picks one with {@link pickStudy}). */
export function namedStudy(query: URLSearchParams): string | null {
  return query.get('study')?.trim() || null;
}

/** The scope a URL's query names: an unknown `runs` is read as live. */
export function scopeFromQuery(query: URLSearchParams): Omit<DataScope, 'canManage'> {
  const runs = query.get('runs');
  return {
    study: query.get('study')?.trim() || delphi.DEFAULT_STUDY_SLUG,
    runs: (delphi.DATA_RUNS as readonly string[]).includes(runs ?? '') ? (runs as delphi.DataRuns) : 'live',
  };
}

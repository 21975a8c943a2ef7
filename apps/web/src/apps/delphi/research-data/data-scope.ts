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

/** The scope a URL's query names: an unknown `runs` is read as live. */
export function scopeFromQuery(query: URLSearchParams): Omit<DataScope, 'canManage'> {
  const runs = query.get('runs');
  return {
    study: query.get('study')?.trim() || delphi.DEFAULT_STUDY_SLUG,
    runs: (delphi.DATA_RUNS as readonly string[]).includes(runs ?? '') ? (runs as delphi.DataRuns) : 'live',
  };
}

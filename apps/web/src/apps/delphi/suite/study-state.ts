/**
 * The study the participant's link entered (issue 26, ADR 073): its games with their settings,
 * its end page, languages and devices, as ENTER_STUDY last answered. The hub reads it for the
 * order, the optional marks and the end; it lives as long as the page (every load enters again).
 */
import type { delphi } from '@chi/contract';
import { createStore, useStore } from '../../../shell/store';

export interface EnteredStudyState {
  slug: string;
  study: delphi.ParticipantStudy;
}

export const studyStore = createStore<EnteredStudyState | null>(null);

export function setEnteredStudy(slug: string, study: delphi.ParticipantStudy): void {
  studyStore.set({ slug, study });
}

/** The entered study of this slug, or null (not entered yet in this page, or another link). */
export function useEnteredStudy(slug: string | undefined): delphi.ParticipantStudy | null {
  return useStore(studyStore, (state) => (slug !== undefined && state?.slug === slug ? state.study : null));
}

/** The default study (`/?participantId=`, or its own link) keeps the hub as it always was. */
export const DEFAULT_STUDY_SLUG = 'default';

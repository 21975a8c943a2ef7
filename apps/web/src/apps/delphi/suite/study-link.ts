/**
 * The calls of a study link (`/s/<slug>`, issue 26, ADR 073): entering the study (which starts or
 * resumes the suite) and accepting its consent. The anonymous id the server made for this browser
 * is remembered per study in sessionStorage, so a reload resumes the same suite.
 */
import { delphi } from '@chi/contract';
import type { Language } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { sessionStore } from '../../../shell/durable-queue/safe-storage';
import type { StudyLink } from './suite-store';
import { browserKeyFor } from './browser-key';
import { setEnteredStudy } from './study-state';

export interface EnteredStudy {
  suite: delphi.Suite;
  study: delphi.ParticipantStudy;
}

function anonymousKey(slug: string): string {
  return `chi.delphi.study.${slug}.participantId`;
}

/** A device the study cannot use (the server's answer to its facts): why, and the study, for its language. */
export interface RefusedDevice {
  deviceProblems: delphi.DeviceProblem[];
  study: delphi.ParticipantStudy;
}

/**
 * ENTER_STUDY with the link's parameters and the id this browser was given for the study, if any.
 * With `device`, the server checks it against the study's needs first and answers a device it
 * cannot use with the reasons and no suite (nothing stored, no place held; ADR 073 amended).
 */
export async function enterStudyLink(link: StudyLink, fresh = false, device?: delphi.DeviceFacts): Promise<EnteredStudy | RefusedDevice> {
  const remembered = sessionStore().getItem(anonymousKey(link.slug));
  const input = {
    study: link.slug,
    params: link.params,
    preview: link.preview === true,
    browserKey: browserKeyFor(`study:${link.slug}`),
    ...(remembered ? { participantId: remembered } : {}),
    ...(device ? { device } : {}),
  };
  const answer = await api.call(delphi.enterStudy, input, { fresh });
  if (!('suite' in answer)) return answer;
  sessionStore().setItem(anonymousKey(link.slug), answer.suite._participantId);
  setEnteredStudy(link.slug, answer.study);
  return { suite: answer.suite, study: answer.study };
}

/** The suite of a study this tab already entered (a reload of the hub): no device check, it was made on entry. */
export async function reenterStudyLink(link: StudyLink, fresh = false): Promise<EnteredStudy> {
  const entry = await enterStudyLink(link, fresh);
  if (!('suite' in entry)) throw new Error('ENTER_STUDY refused a device it was not asked about');
  return entry;
}

export async function acceptConsent(participantId: string, suiteId: string, consentVersion: number, language: Language): Promise<void> {
  await api.call(delphi.acceptStudyConsent, { participant: participantId, suite: suiteId, consentVersion, language });
}

/** DECLINE_STUDY_CONSENT: whether the server removed the suite (nothing was recorded in it), and the study's link back to the panel. */
export async function declineConsent(participantId: string, suiteId: string): Promise<{ removed: boolean; redirectUrl: string | null }> {
  return api.call(delphi.declineStudyConsent, { participant: participantId, suite: suiteId });
}

/** GET_STUDY_COMPLETION: whether the participant is done, the end page and the panel's completion link. */
export async function fetchStudyCompletion(participantId: string, suiteId: string): Promise<delphi.StudyCompletion> {
  return api.call(delphi.getStudyCompletion, { participant: participantId, suite: suiteId }, { fresh: true });
}

/** A link's query as ENTER_STUDY takes it: `preview=1` is the page's own switch, not a panel parameter. */
export function studyLinkOf(slug: string, query: string): StudyLink {
  const params = Object.fromEntries(new URLSearchParams(query));
  const preview = params.preview === '1';
  delete params.preview;
  return preview ? { slug, params, preview } : { slug, params };
}

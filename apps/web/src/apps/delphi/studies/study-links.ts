/**
 * A study's participant links, one per panel (PANELS.md): each panel fills in its own
 * placeholder syntax — Prolific `{{%PROLIFIC_PID%}}`, SONA `%SURVEY_CODE%`, MTurk appends
 * `workerId` itself — and our own link takes `participantId` or none (anonymous).
 */
import type { delphi } from '@chi/contract';

export type StudyLinkKind = 'prolific' | 'sona' | 'mturk' | 'own' | 'anonymous';

export interface StudyLink {
  readonly kind: StudyLinkKind;
  readonly url: string;
}

/** Prolific's placeholders for its own parameters (PANELS §1). */
const PROLIFIC_PLACEHOLDER: Record<string, string> = {
  PROLIFIC_PID: '{{%PROLIFIC_PID%}}',
  STUDY_ID: '{{%STUDY_ID%}}',
  SESSION_ID: '{{%SESSION_ID%}}',
};

function query(pairs: readonly (readonly [string, string])[]): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`;
}

/** The links a study's participant parameter calls for: the panel's link, or ours. */
export function studyLinks(origin: string, study: Pick<delphi.Study, 'slug' | 'participantParam' | 'keptParams'>): StudyLink[] {
  const base = `${origin}/s/${study.slug}`;
  const kept = study.keptParams.map((name) => [name, PROLIFIC_PLACEHOLDER[name] ?? `{${name}}`] as const);
  switch (study.participantParam) {
    case 'PROLIFIC_PID':
      return [{ kind: 'prolific', url: base + query([['PROLIFIC_PID', PROLIFIC_PLACEHOLDER.PROLIFIC_PID ?? ''], ...kept]) }];
    case 'id':
      // SONA replaces %SURVEY_CODE% with the sign-up's code; the parameter name is ours (`id`).
      return [{ kind: 'sona', url: base + query([['id', '%SURVEY_CODE%'], ...kept]) }];
    case 'workerId':
      // MTurk appends assignmentId, hitId, turkSubmitTo and workerId to the URL itself.
      return [{ kind: 'mturk', url: base }];
    case 'anonymous':
      return [{ kind: 'anonymous', url: base }];
    default:
      return [{ kind: 'own', url: base + query([['participantId', '{participantId}'], ...kept]) }];
  }
}

/** The link a researcher previews the study with (marked, kept out of the data). */
export function previewPath(slug: string): string {
  return `/s/${slug}?preview=1`;
}

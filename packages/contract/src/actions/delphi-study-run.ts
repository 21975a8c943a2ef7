/**
 * A participant's way through a study (issue 26, ADR 073): the consent accepted before the first
 * game (its text version and the time recorded on the suite) or declined (nothing kept), and the study's end once every
 * required game has ended: the end page, and the panel's completion link with its code filled in.
 * Both take the suite credential (the suite's own browser, ADR 043), like every logging call.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { LANGUAGES } from '../constants';
import type { ErrorInfo } from '../errors';
import { credentialShape } from './delphi-schemas';

export const STUDY_RUN_ERRORS = {
  /** The consent text changed after the page showed it: the participant reads the new one. */
  consentChanged: { name: 'Study Error', message: 'The consent text has changed. Please read it again.', code: 409 },
  /** startGame before the consent of a study that asks for one. */
  consentFirst: { name: 'Study Error', message: 'Please accept the consent before the first game.', code: 409 },
  /** startGame of a game the participant's study does not include. */
  notInStudy: { name: 'Study Error', message: 'This game is not part of your study.', code: 400 },
} as const satisfies Record<string, ErrorInfo>;

/** ACCEPT_STUDY_CONSENT: records that the participant accepted the consent text of `consentVersion`; a repeat changes nothing. */
export const acceptStudyConsent = defineAction({
  app: 'delphi', dataType: 'Study', name: 'ACCEPT_STUDY_CONSENT', endpoint: 'acceptConsent',
  summary: "Record the participant's acceptance of the study's consent text (its version, the language it was shown in and the time); 409 when the text has changed since it was shown.",
  input: z.object({
    ...credentialShape,
    consentVersion: z.number({ error: 'consentVersion must be a whole number' }).int().min(1, { message: 'consentVersion must be 1 or more' }),
    /** The language of the text the page showed (ADR 079), recorded with the acceptance. */
    language: z.enum(LANGUAGES, { error: `language: one of ${LANGUAGES.join(', ')}` }).optional(),
  }),
  output: z.object({ consentVersion: z.number().int(), consentAt: z.string() }),
  access: 'public',
});

/**
 * DECLINE_STUDY_CONSENT: the participant does not agree. A suite with nothing recorded (no
 * consent accepted, no game) is removed, so it holds no place in the target sample and no row of
 * the design; one whose participant agreed before (to an earlier text) keeps what was recorded.
 */
export const declineStudyConsent = defineAction({
  app: 'delphi', dataType: 'Study', name: 'DECLINE_STUDY_CONSENT', endpoint: 'declineConsent',
  summary: "Record that the participant does not agree to the study's consent text: their suite, when nothing is recorded in it yet, is removed (it holds no place in the study), otherwise kept as it is; answers the study's link for those who do not agree, filled in.",
  input: z.object(credentialShape),
  output: z.object({
    removed: z.boolean(),
    /** The study's link for a participant who does not agree, with `{participantId}` and kept parameters filled in; null when it has none. */
    redirectUrl: z.string().nullable(),
  }),
  access: 'public',
});

export const studyCompletionSchema = z.object({
  /** True once every required game of the participant's study has ended. */
  completed: z.boolean(),
  /** The study's end page (Markdown); empty for the default study. */
  endPageMarkdown: z.string(),
  /** The end page in other languages (ADR 079): the page shows its language's own, else `endPageMarkdown`. */
  endPageTranslations: z.partialRecord(z.enum(LANGUAGES), z.string()),
  /** The panel's completion link with `{code}`, `{participantId}` and kept parameters filled in; only once completed. */
  redirectUrl: z.string().nullable(),
});
export type StudyCompletion = z.infer<typeof studyCompletionSchema>;

/** GET_STUDY_COMPLETION: whether the participant is done, the end page and where the panel wants them sent. */
export const getStudyCompletion = defineAction({
  app: 'delphi', dataType: 'Study', name: 'GET_STUDY_COMPLETION', endpoint: 'completion',
  summary: "The participant's study end: completed or not, the end page, and the completion link (filled in) once completed.",
  input: z.object(credentialShape),
  output: studyCompletionSchema,
  access: 'public',
});

/**
 * Fills a completion link template: each `{name}` by its value, URL-encoded (a participant id or
 * a panel parameter cannot add a path, a query or a fragment of its own). Names without a value
 * become empty. The template was checked when the study was saved (https, known names).
 */
export function fillCompletionLink(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

export const DELPHI_STUDY_RUN_DESCRIPTORS = [acceptStudyConsent, declineStudyConsent, getStudyCompletion] as const;

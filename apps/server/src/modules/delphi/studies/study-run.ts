/**
 * A participant's way through their study (issue 26, ADR 073): the consent accepted before the
 * first game (or declined, nothing kept), a game started only when it is one of the study's and after that consent, and the
 * study's end with the panel's completion link. The suite credential is checked by the caller
 * (the participant guard), as for every logging call.
 */
import { delphi } from '@chi/contract';
import { AppError } from '../../../http/app-error';
import type { Db, SuiteRef } from '../delphi-db';
import { storedTexts } from './stored-texts';

interface SuiteInStudy {
  gameOrder: string | null;
  studyVersion: number;
  studyId: string;
  consentAt: string | null;
  consentVersion: number | null;
  studyConsentVersion: number;
  /** The study asks for a consent: its text is not empty (a removed text keeps its version count, ADR 073). */
  asksConsent: boolean;
}

async function suiteInStudy(db: Db, suiteId: string): Promise<SuiteInStudy> {
  const row = await db
    .selectFrom('delphi_suites as s')
    .innerJoin('delphi_studies as st', 'st.id', 's.study_id')
    .select(['s.game_order', 's.study_version', 's.study_id', 's.consent_at', 's.consent_version', 'st.consent_version as study_consent_version', 'st.consent_markdown'])
    .where('s.id', '=', suiteId)
    .executeTakeFirst();
  if (!row) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
  return {
    gameOrder: row.game_order,
    studyVersion: Number(row.study_version),
    studyId: row.study_id,
    consentAt: row.consent_at,
    consentVersion: row.consent_version === null ? null : Number(row.consent_version),
    studyConsentVersion: Number(row.study_consent_version),
    asksConsent: row.consent_markdown.trim() !== '',
  };
}

/** The games of the suite's study, in the participant's order (or the version's). */
async function gamesOf(db: Db, suite: SuiteInStudy): Promise<readonly string[]> {
  if (suite.gameOrder !== null) return JSON.parse(suite.gameOrder) as string[];
  const version = await db
    .selectFrom('delphi_study_versions')
    .select('games')
    .where('study_id', '=', suite.studyId)
    .where('version', '=', suite.studyVersion)
    .executeTakeFirst();
  if (!version) return delphi.GAME_NAMES;
  return (JSON.parse(version.games) as { game: string }[]).map((entry) => entry.game);
}

/**
 * Before a game starts: it must be one of the study's games (400) and, where the study has a
 * consent text, the participant must have accepted it (409). The default study has no consent
 * text and all six games, so today's links are unchanged.
 */
export async function checkGameStart(db: Db, suiteId: string, gameName: string | undefined): Promise<void> {
  const suite = await suiteInStudy(db, suiteId);
  if (gameName !== undefined && delphi.isGameName(gameName) && !(await gamesOf(db, suite)).includes(gameName)) {
    throw new AppError(delphi.STUDY_RUN_ERRORS.notInStudy);
  }
  if (suite.asksConsent && suite.consentAt === null) throw new AppError(delphi.STUDY_RUN_ERRORS.consentFirst);
}

/**
 * Records the acceptance of the consent text the page showed, with the language it was shown in
 * (ADR 079; null when the page did not say); a repeat of the same version answers the first time.
 */
export async function acceptConsent(
  db: Db,
  suiteRef: SuiteRef,
  consentVersion: number,
  language: string | null,
  now: Date,
): Promise<{ consentVersion: number; consentAt: string }> {
  const suite = await suiteInStudy(db, suiteRef.id);
  if (consentVersion !== suite.studyConsentVersion) throw new AppError(delphi.STUDY_RUN_ERRORS.consentChanged);
  if (suite.consentAt !== null && suite.consentVersion === consentVersion) return { consentVersion, consentAt: suite.consentAt };
  const consentAt = now.toISOString();
  await db.updateTable('delphi_suites').set({ consent_at: consentAt, consent_version: consentVersion, consent_language: language }).where('id', '=', suiteRef.id).execute();
  return { consentVersion, consentAt };
}

/**
 * The participant does not agree to the consent: their suite goes, with whatever the browser
 * logged around it (events; the cascade), when the study asks for a consent and nothing the
 * consent covers is recorded yet: none accepted, no game. One statement, so an agreement or a game
 * arriving from a second tab at the same moment either comes first (and the suite stays) or finds
 * no suite. A suite whose participant agreed before (to an earlier text) keeps its records.
 * Answers the study's link for those who do not agree (its decline redirect), filled in.
 */
export async function declineConsent(db: Db, suiteRef: SuiteRef): Promise<{ removed: boolean; redirectUrl: string | null }> {
  const row = await db
    .selectFrom('delphi_suites as s')
    .innerJoin('delphi_studies as st', 'st.id', 's.study_id')
    .select(['s.consent_at', 's.participant_id', 's.panel_params', 'st.consent_markdown', 'st.decline_redirect'])
    .where('s.id', '=', suiteRef.id)
    .executeTakeFirst();
  if (!row) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
  // The study's link back to the panel, filled in before the suite (its id and kept parameters) goes.
  const kept = JSON.parse(row.panel_params) as Record<string, string>;
  const redirectUrl = row.decline_redirect ? delphi.fillCompletionLink(row.decline_redirect, { ...kept, participantId: row.participant_id }) : null;
  if (row.consent_markdown.trim() === '' || row.consent_at !== null) return { removed: false, redirectUrl };
  const result = await db
    .deleteFrom('delphi_suites')
    .where('id', '=', suiteRef.id)
    .where('consent_at', 'is', null)
    .where('completed_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('delphi_games').select('delphi_games.id').whereRef('delphi_games.suite_id', '=', 'delphi_suites.id'))))
    .executeTakeFirst();
  return { removed: Number(result.numDeletedRows) > 0, redirectUrl };
}

/** The study's end for this participant: done or not, the end page, and the completion link once done. */
export async function studyCompletion(db: Db, suiteRef: SuiteRef): Promise<delphi.StudyCompletion> {
  const row = await db
    .selectFrom('delphi_suites as s')
    .innerJoin('delphi_studies as st', 'st.id', 's.study_id')
    .select(['s.completed_at', 's.participant_id', 's.panel_params', 'st.end_page_markdown', 'st.end_page_translations', 'st.completion_redirect', 'st.completion_code'])
    .where('s.id', '=', suiteRef.id)
    .executeTakeFirst();
  if (!row) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
  const completed = row.completed_at !== null;
  let redirectUrl: string | null = null;
  if (completed && row.completion_redirect) {
    const kept = JSON.parse(row.panel_params) as Record<string, string>;
    redirectUrl = delphi.fillCompletionLink(row.completion_redirect, { ...kept, participantId: row.participant_id, code: row.completion_code ?? '' });
  }
  return { completed, endPageMarkdown: row.end_page_markdown, endPageTranslations: storedTexts(row.end_page_translations), redirectUrl };
}

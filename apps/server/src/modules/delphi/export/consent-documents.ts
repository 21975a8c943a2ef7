/**
 * The data bundle's record of consent (ADR 079): each version of the study's consent text, in each
 * language it had, and which version each participant agreed to, in which language and when. An
 * ethics board asks what a participant agreed to; the study keeps only its current text, so every
 * version is kept apart (delphi_study_consents). A study that never asked for a consent (the
 * default study) has none of these files.
 */
import type { Db } from '../delphi-db';
import type { DataScope } from '../studies/data-scope';
import { suiteCondition } from '../studies/data-scope';
import { storedTexts } from '../studies/stored-texts';
import { csvText } from '../../../security/csv-cell';

export const CONSENT_LOG = 'documentation/consents.csv';
export const CONSENT_COLUMNS = ['participantId', 'suiteId', 'consentVersion', 'language', 'agreedAt'] as const;

/** `documentation/consent/version-2.md`, or `version-2.dk.md` for its Danish text. */
export function consentTextName(version: number, language?: string): string {
  return `documentation/consent/version-${version}${language ? `.${language}` : ''}.md`;
}

export interface ConsentDocument {
  readonly name: string;
  readonly content: string;
}

export async function consentDocuments(db: Db, scope: DataScope): Promise<{ files: ConsentDocument[]; versions: number; agreements: number }> {
  const versions = await db
    .selectFrom('delphi_study_consents')
    .select(['version', 'markdown', 'translations', 'created_at'])
    .where('study_id', '=', scope.studyId)
    .orderBy('version')
    .execute();
  const agreements = await db
    .selectFrom('delphi_suites')
    .select(['participant_id', 'id', 'consent_version', 'consent_language', 'consent_at'])
    .where(suiteCondition(scope))
    .where('consent_at', 'is not', null)
    .orderBy('consent_at')
    .orderBy('id')
    .execute();
  if (versions.length === 0 && agreements.length === 0) return { files: [], versions: 0, agreements: 0 };
  const files: ConsentDocument[] = [];
  for (const v of versions) {
    const version = Number(v.version);
    const text = v.markdown.trim() === '' ? `_Version ${version} asks for no consent: the study's text was removed on ${v.created_at}._\n` : v.markdown;
    files.push({ name: consentTextName(version), content: text });
    for (const [language, translation] of Object.entries(storedTexts(v.translations))) files.push({ name: consentTextName(version, language), content: translation });
  }
  const rows = agreements.map((a) => [a.participant_id, a.id, a.consent_version === null ? null : Number(a.consent_version), a.consent_language, a.consent_at]);
  files.push({ name: CONSENT_LOG, content: csvText(CONSENT_COLUMNS, rows) });
  return { files, versions: versions.length, agreements: agreements.length };
}

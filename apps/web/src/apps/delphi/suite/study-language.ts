/**
 * A study's languages (issue 26, ADR 073): the page shows the study in its default language unless
 * the participant already chose one of the languages it offers. The study's default is not stored
 * as the participant's choice: another study, or the rest of the product, keeps its own.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, delphi } from '@chi/contract';
import { readChosenLanguage } from '../../../shell/i18n/language';

/** The language to show a study in: the participant's own choice when offered, else the study's default. */
export function studyLanguage(study: Pick<delphi.ParticipantStudy, 'languages' | 'defaultLanguage'>, chosen: Language | undefined): Language {
  return chosen !== undefined && study.languages.includes(chosen) ? chosen : study.defaultLanguage;
}

export function useStudyLanguage(study: delphi.ParticipantStudy | null): void {
  const { i18n } = useTranslation();
  const languages = study?.languages.join(' ');
  const fallback = study?.defaultLanguage;
  useEffect(() => {
    if (languages === undefined || fallback === undefined) return;
    const wanted = studyLanguage({ languages: languages.split(' ') as Language[], defaultLanguage: fallback }, readChosenLanguage());
    if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
  }, [i18n, languages, fallback]);
}

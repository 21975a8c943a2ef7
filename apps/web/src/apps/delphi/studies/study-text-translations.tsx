import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@chi/contract';
import type { Language, delphi } from '@chi/contract';

/**
 * A study text's own versions in other languages (ADR 079): one field for each language the study
 * offers besides its default, and for any language that already has a text of its own (kept after
 * the default changed). An empty field: participants in that language read the main text.
 */
export function StudyTextTranslations({
  kind,
  texts,
  languages,
  defaultLanguage,
  error,
  onChange,
}: {
  kind: 'consent' | 'endPage';
  texts: delphi.LanguageTexts;
  languages: readonly Language[];
  defaultLanguage: Language;
  error?: string | undefined;
  onChange: (texts: delphi.LanguageTexts) => void;
}) {
  const { t } = useTranslation('delphiStudies');
  const shown = LANGUAGES.filter((language) => languages.includes(language) && (language !== defaultLanguage || (texts[language] ?? '') !== ''));
  return shown.map((language, index) => (
    <Textarea
      key={language}
      label={t(`settings.${kind}In`, { language: t(`settings.languageName.${language}`) })}
      description={t('settings.translationHint', { language: t(`settings.languageName.${language}`) })}
      value={texts[language] ?? ''}
      onChange={(e) => onChange({ ...texts, [language]: e.currentTarget.value })}
      // The field's one error (a translation without the main text) shows at the first of them.
      error={index === 0 ? error : undefined}
      autosize
      minRows={2}
      maxRows={kind === 'consent' ? 14 : 10}
    />
  ));
}

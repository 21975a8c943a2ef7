import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@chi/contract';
import { changeLanguage, currentLanguage } from './i18n';
import { LANGUAGE_NAMES, isLanguage } from './language';

/**
 * The visible language switch (SPEC §1); a native select so it works with every input method.
 * `languages` narrows it (a study offers its own, issue 26); with one language there is nothing to switch.
 */
export function LanguageSwitch({ inline = true, languages = LANGUAGES }: { inline?: boolean; languages?: readonly Language[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <NativeSelect
      label={t('language.label')}
      value={currentLanguage(i18n)}
      data={languages.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void changeLanguage(i18n, value);
      }}
      size="sm"
      styles={inline ? { root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { marginBottom: 0 } } : undefined}
    />
  );
}

import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@chi/contract';
import { changeLanguage, currentLanguage } from './i18n';
import { LANGUAGE_NAMES, isLanguage } from './language';

/** The visible language switch (SPEC §1); a native select so it works with every input method. */
export function LanguageSwitch({ inline = true }: { inline?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      label={t('language.label')}
      value={currentLanguage(i18n)}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void changeLanguage(i18n, value);
      }}
      size="sm"
      styles={inline ? { root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { marginBottom: 0 } } : undefined}
    />
  );
}

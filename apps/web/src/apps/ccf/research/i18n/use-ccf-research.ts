/** The `ccfResearch` namespace (the researcher's pages), registered on first use. */
import { useTranslation } from 'react-i18next';
import researchEn from './en.json';
import researchDk from './dk.json';

const researchDkChecked: typeof researchEn = researchDk;

export function useCcfResearch() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'ccfResearch')) {
    i18n.addResourceBundle('en', 'ccfResearch', researchEn, true, true);
    i18n.addResourceBundle('dk', 'ccfResearch', researchDkChecked, true, true);
  }
  return useTranslation('ccfResearch');
}

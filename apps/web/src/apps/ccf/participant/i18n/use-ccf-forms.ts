/** The `ccfForms` namespace (Begin Session, sign-up, the participant's page), registered on first use so it stays out of the app's home. */
import { useTranslation } from 'react-i18next';
import formsEn from './en.json';
import formsDk from './dk.json';

const formsDkChecked: typeof formsEn = formsDk;

export function useCcfForms() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'ccfForms')) {
    i18n.addResourceBundle('en', 'ccfForms', formsEn, true, true);
    i18n.addResourceBundle('dk', 'ccfForms', formsDkChecked, true, true);
  }
  return useTranslation('ccfForms');
}

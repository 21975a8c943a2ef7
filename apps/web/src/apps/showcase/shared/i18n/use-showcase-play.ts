/** The `showcasePlay` namespace (games, quiz, results), registered on first use so it stays out of the home. */
import { useTranslation } from 'react-i18next';
import en from './en.json';
import dk from './dk.json';

const dkChecked: typeof en = dk;

export function useShowcasePlay() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'showcasePlay')) {
    i18n.addResourceBundle('en', 'showcasePlay', en, true, true);
    i18n.addResourceBundle('dk', 'showcasePlay', dkChecked, true, true);
  }
  return useTranslation('showcasePlay');
}

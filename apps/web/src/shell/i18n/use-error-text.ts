/** A hook for the catalogue's messages (SPEC §8) in the page's language, where a page shows a call's error itself. */
import { useTranslation } from 'react-i18next';
import { translateErrorMessage } from './error-message';

export function useErrorText(): (message: string) => string {
  const { t } = useTranslation();
  return (message) => translateErrorMessage(t, message);
}

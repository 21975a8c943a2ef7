/**
 * The `cloud` namespace: texts of the notes and short-link tabs of `/cloud`. It travels with the
 * lazy cloud page, so the app's first load does not carry it, and registers itself on first use.
 */
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import en from './en.json';
import dk from './dk.json';

const dkChecked: typeof en = dk;

export function addCloudResources(instance: I18n): void {
  if (instance.hasResourceBundle('en', 'cloud')) return;
  instance.addResourceBundle('en', 'cloud', en, true, true);
  instance.addResourceBundle('dk', 'cloud', dkChecked, true, true);
}

export function useCloudTranslation() {
  const { i18n } = useTranslation();
  addCloudResources(i18n);
  return useTranslation('cloud');
}

/**
 * The `assistantsPages` namespace: texts of the assistants' pages. It travels with the lazy
 * pages, so the assistants home (a measured first load) does not carry it.
 */
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import en from './en.json';
import dk from './dk.json';

const dkChecked: typeof en = dk;

export function addPagesResources(instance: I18n): void {
  if (instance.hasResourceBundle('en', 'assistantsPages')) return;
  instance.addResourceBundle('en', 'assistantsPages', en, true, true);
  instance.addResourceBundle('dk', 'assistantsPages', dkChecked, true, true);
}

export function usePagesTranslation() {
  const { i18n } = useTranslation();
  addPagesResources(i18n);
  return useTranslation('assistantsPages');
}

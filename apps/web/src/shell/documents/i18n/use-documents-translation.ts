/**
 * The `documents` namespace: texts of the image picker, chunk view, uploads list and Markdown
 * editor. It travels with those lazy components (never the entry chunk) and registers itself on first use.
 */
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import en from './en.json';
import dk from './dk.json';

const dkChecked: typeof en = dk;

export function addDocumentsResources(instance: I18n): void {
  if (instance.hasResourceBundle('en', 'documents')) return;
  instance.addResourceBundle('en', 'documents', en, true, true);
  instance.addResourceBundle('dk', 'documents', dkChecked, true, true);
}

export function useDocumentsTranslation() {
  const { i18n } = useTranslation();
  addDocumentsResources(i18n);
  return useTranslation('documents');
}

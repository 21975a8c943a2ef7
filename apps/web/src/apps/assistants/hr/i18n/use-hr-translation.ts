/**
 * The `assistantsHr` namespace: texts of the Quantum HR and batch import pages (issue 16). It
 * travels with those lazy pages, so neither the assistants home nor the other pages carry it.
 */
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import en from './en.json';
import dk from './dk.json';

const dkChecked: typeof en = dk;

export function addHrResources(instance: I18n): void {
  if (instance.hasResourceBundle('en', 'assistantsHr')) return;
  instance.addResourceBundle('en', 'assistantsHr', en, true, true);
  instance.addResourceBundle('dk', 'assistantsHr', dkChecked, true, true);
}

export function useHrTranslation() {
  const { i18n } = useTranslation();
  addHrResources(i18n);
  return useTranslation('assistantsHr');
}

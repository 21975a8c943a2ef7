/**
 * One i18next instance for the shell. Shell strings are the default namespace; each sub-app
 * brings its own namespace (named after the app) in its chunk, so app texts stay out of the entry.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type AppId, type Language } from '@chi/contract';
import en from './en.json';
import dk from './dk.json';
import { htmlLang, isLanguage, readStoredLanguage, storeLanguage } from './language';

// Type-checks that the Danish file has every key of the English one.
const dkChecked: typeof en = dk;

export type AppResources = Record<Language, Record<string, unknown>>;

export function createI18n(language: Language = readStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined' && isLanguage(lng)) document.documentElement.lang = htmlLang(lng);
  });
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, dk: { translation: dkChecked } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'dk'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

export const i18n = createI18n();

/** Called when an app's chunk arrives, before any of its views renders. */
export function addAppResources(instance: I18n, app: AppId, resources: AppResources): void {
  for (const [language, bundle] of Object.entries(resources)) {
    instance.addResourceBundle(language, app, bundle, true, true);
  }
}

export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  storeLanguage(language);
  await instance.changeLanguage(language);
}

export function currentLanguage(instance: I18n): Language {
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
